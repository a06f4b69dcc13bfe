package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.ResponseMessages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SQL_CHECK on the real servers, each in a database of its own: a check that holds passes with
 * {@code violations=0}; one that does not fails its sample with {@code violations=1} and both values.
 */
class SqlCheckProcedureTest {
    static List<DatabaseKind> servers() {
        return TestDatabases.SERVERS;
    }

    @ParameterizedTest
    @MethodSource("servers")
    void aHoldingCheckPassesAndABrokenOneFailsItsSampleWithAViolation(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            execute(db, "CREATE TABLE account (id int PRIMARY KEY, balance decimal(12, 2))",
                    "INSERT INTO account VALUES (1, 600), (2, 400)");
            String query = "query: SELECT SUM(balance) - 1000 FROM account;";

            SampleResult holds = Samplers.once(check(db, query, "0"));

            assertTrue(holds.isSuccessful(), holds.getResponseMessage());
            assertEquals(0, ResponseMessages.violations(holds.getResponseMessage()), holds.getResponseMessage());

            // Money created: 1 more than the accounts started with.
            execute(db, "UPDATE account SET balance = balance + 1 WHERE id = 1");
            SampleResult broken = Samplers.once(check(db, query, "0"));

            assertFalse(broken.isSuccessful(), "a check that does not hold fails its sample");
            assertEquals(1, ResponseMessages.violations(broken.getResponseMessage()), broken.getResponseMessage());
            assertTrue(broken.getResponseMessage().contains("got=1") && broken.getResponseMessage().contains("expected=0"),
                    broken.getResponseMessage());
            assertFalse(broken.isStopTest(), "the other checks after it still run");
        }
    }

    @Test
    void aCheckWithoutExpectIsAConfigurationErrorNamingTheArgument() {
        TransactionSampler s = check(TestDatabases.postgres(), "query: SELECT 1;", null);

        SampleResult r = Samplers.once(s);

        assertFalse(r.isSuccessful());
        assertTrue(r.getResponseMessage().contains("expect"), r.getResponseMessage());
    }

    private static TransactionSampler check(DatabaseEndpoint db, String statements, String expect) {
        TransactionSampler s = Samplers.sampler(db, "tearDown check money", statements);
        s.setProcedure("SQL_CHECK");
        s.setProcedureArguments(expect == null ? "" : "expect=" + expect);
        s.setTransactionMode("AUTOCOMMIT");
        return s;
    }

    private static void execute(DatabaseEndpoint db, String... sql) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String one : sql) {
                st.execute(one);
            }
        }
    }
}
