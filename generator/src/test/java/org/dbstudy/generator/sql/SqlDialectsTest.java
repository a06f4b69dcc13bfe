package org.dbstudy.generator.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SqlDialectsTest {
    @Test
    void mysqlNumbersCrossJoinEnoughDigitsForTheUpperBound() {
        SqlDialect mysql = SqlDialects.byName("MySQL");
        assertEquals("(SELECT d0.d + 1 AS n FROM dbstudy_digits d0 WHERE d0.d < 10) nums", mysql.numbers(10));
        assertEquals("(SELECT d0.d + 10 * d1.d + 100 * d2.d + 1 AS n FROM dbstudy_digits d0 CROSS JOIN"
                + " dbstudy_digits d1 CROSS JOIN dbstudy_digits d2 WHERE d0.d + 10 * d1.d + 100 * d2.d < 1000) nums",
                mysql.numbers(1000));
        assertEquals(3, mysql.numbersSetup().size());
    }

    @Test
    void postgresAndMariaDbUseTheirOwnSeries() {
        assertEquals("generate_series(1, 100000) AS nums(n)", SqlDialects.byName("postgresql").numbers(100_000));
        assertEquals("(SELECT seq AS n FROM seq_1_to_30) nums", SqlDialects.byName("mariadb").numbers(30));
        assertEquals(List.of(), SqlDialects.byName("mariadb").numbersSetup());
    }

    @Test
    void unknownDialectsAreNull() {
        assertNull(SqlDialects.byName("oracle"));
        assertEquals(List.of("postgresql", "mysql", "mariadb"), SqlDialects.names());
    }

    @Test
    void eachDialectReservesItsOwnWordsInAnyCase() {
        SqlDialect pg = SqlDialects.byName("postgresql");
        SqlDialect mysql = SqlDialects.byName("mysql");
        SqlDialect mariadb = SqlDialects.byName("mariadb");
        for (SqlDialect d : List.of(pg, mysql, mariadb)) {
            assertTrue(d.reserves("order") && d.reserves("ORDER") && d.reserves("Select"), d.name());
            assertFalse(d.reserves("customers") || d.reserves("dbstudy_person"), d.name());
            assertTrue(d.reservedWords().stream().allMatch(w -> w.matches("[a-z_][a-z0-9_]*")), d.name());
        }
        // Words one family reserves and the other does not.
        assertTrue(pg.reserves("user") && !mysql.reserves("user") && !mariadb.reserves("user"));
        assertTrue(mysql.reserves("keys") && mariadb.reserves("keys") && !pg.reserves("keys"));
        assertTrue(mysql.reserves("rank") && !mariadb.reserves("rank"));
        assertTrue(mariadb.reserves("current_role") && !mysql.reserves("current_role"));
    }

    @Test
    void namesAreQuotedAsEachDatabaseQuotesIdentifiers() {
        assertEquals("\"Customers\"", SqlDialects.byName("postgresql").quote("Customers"));
        assertEquals("`Customers`", SqlDialects.byName("mysql").quote("Customers"));
        assertEquals("`Customers`", SqlDialects.byName("mariadb").quote("Customers"));
    }
}
