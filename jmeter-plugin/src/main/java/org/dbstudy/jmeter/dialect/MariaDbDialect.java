package org.dbstudy.jmeter.dialect;

import org.dbstudy.vocabulary.DatabaseKind;

/**
 * MariaDB: as MySQL, but statements are bounded by {@code max_statement_time} (seconds, all
 * statements), and its isolation variable is {@code tx_isolation}.
 */
public final class MariaDbDialect extends MySqlDialect {

    @Override
    public DatabaseKind kind() { return DatabaseKind.MARIADB; }

    /** MariaDB knows {@code tx_isolation} in every version (11.1 added {@code transaction_isolation}). */
    @Override
    public String readIsolation(java.sql.Connection c) throws java.sql.SQLException {
        return Dialect.queryOne(c, "SELECT @@tx_isolation");
    }

    @Override
    public String statementTimeoutSql(long millis) {
        return "SET SESSION max_statement_time = " + (millis / 1000.0);
    }
}
