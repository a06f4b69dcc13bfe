package org.dbstudy.jmeter.dialect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.math.BigDecimal;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PGobject;

/** A procedure's decimal as each dialect binds it: PostgreSQL's as numeric text, the others' as the BigDecimal itself. */
class DecimalBindingTest {
    private static final BigDecimal AMOUNT = new BigDecimal("-1234.50");

    @Test
    void postgresGetsTheNumericsText() throws Exception {
        PGobject bound = (PGobject) Dialects.of(DatabaseKind.POSTGRESQL).decimal(AMOUNT);
        assertEquals("numeric", bound.getType());
        assertEquals("-1234.50", bound.getValue(), "the same value and scale");
    }

    @Test
    void mysqlAndMariaDbGetTheBigDecimalUnchanged() throws Exception {
        assertSame(AMOUNT, Dialects.of(DatabaseKind.MYSQL).decimal(AMOUNT));
        assertSame(AMOUNT, Dialects.of(DatabaseKind.MARIADB).decimal(AMOUNT));
    }
}
