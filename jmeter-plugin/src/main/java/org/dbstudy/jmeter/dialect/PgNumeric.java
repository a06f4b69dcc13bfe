package org.dbstudy.jmeter.dialect;

import java.math.BigDecimal;
import java.sql.SQLException;
import org.postgresql.util.PGobject;

/**
 * A decimal bound for PostgreSQL as the text of a {@code numeric}: what pgjdbc itself sends for a
 * BigDecimal when binary transfer of numeric is off, the same value and type to the server. pgjdbc's
 * binary encoding divides a BigInteger by 10000 per four digits, 4 % of a TPC-C client's CPU (Payment
 * binds five amounts, New-Order one per order line). Only loaded when the connection is PostgreSQL's
 * ({@link PostgresDialect#decimal}).
 */
final class PgNumeric {
    private PgNumeric() {
    }

    static Object of(BigDecimal value) throws SQLException {
        PGobject text = new PGobject();
        text.setType("numeric");
        text.setValue(value.toString());
        return text;
    }
}
