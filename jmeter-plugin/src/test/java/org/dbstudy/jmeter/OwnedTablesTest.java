package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.dialect.TableOwnership;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The sampler's {@code ownedTables}: a table that exists without dbstudy's mark stops the sample before its
 * first statement; a marked table, or none, lets the statements run. Each test has a database of its own.
 */
class OwnedTablesTest {
    static List<DatabaseKind> servers() {
        return TestDatabases.SERVERS;
    }

    @ParameterizedTest
    @MethodSource("servers")
    void aTableDbstudyDidNotCreateStopsTheSampleBeforeItsFirstStatement(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            execute(db, "CREATE TABLE theirs (id int PRIMARY KEY)", "INSERT INTO theirs VALUES (1), (2), (3)");
            TransactionSampler s = Samplers.sampler(db, "setUp-theirs", "DELETE FROM theirs;\nDROP TABLE theirs;");
            s.setTransactionMode("AUTOCOMMIT");
            s.setOwnedTables("absent\ntheirs");

            SampleResult refused = Samplers.once(s);

            assertFalse(refused.isSuccessful());
            assertTrue(refused.isStopTest());
            assertTrue(refused.getResponseMessage().contains("table theirs exists and was not created by dbstudy;"),
                    refused.getResponseMessage());
            assertFalse(refused.getResponseMessage().contains("absent"), "a table that is not there is free");
            assertEquals(3, count(db, "theirs"), "nothing ran");

            execute(db, Dialects.of(kind).markCreatedSql("theirs"));
            SampleResult ran = Samplers.once(s);

            assertTrue(ran.isSuccessful(), ran.getResponseMessage());
            try (Connection c = db.connect()) {
                assertEquals(null, Dialects.of(kind).tableComment(c, "theirs"), "dropped: dbstudy's own table");
            }
        }
    }

    @ParameterizedTest
    @MethodSource("servers")
    void theMarkIsTheTablesCommentAndAnotherCommentIsNotIt(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            execute(db, "CREATE TABLE Mixed_Case (id int)", "CREATE TABLE other (id int)");
            String comment = kind == DatabaseKind.POSTGRESQL ? "COMMENT ON TABLE other IS 'mine'" : "ALTER TABLE other COMMENT = 'mine'";
            execute(db, comment, Dialects.of(kind).markCreatedSql(kind == DatabaseKind.POSTGRESQL ? "mixed_case" : "Mixed_Case"));
            try (Connection c = db.connect()) {
                assertEquals(TableOwnership.MARK, Dialects.of(kind).tableComment(c,
                        kind == DatabaseKind.POSTGRESQL ? "mixed_case" : "Mixed_Case"));
                assertEquals("mine", Dialects.of(kind).tableComment(c, "other"));
                assertEquals(null, TableOwnership.refusal(c, Dialects.of(kind), List.of("nothing_here")));
                assertTrue(TableOwnership.refusal(c, Dialects.of(kind), List.of("other", "nothing_here"))
                        .startsWith("table other exists and was not created by dbstudy"));
            }
        }
    }

    /** Two tables whose names differ in case only: each is judged by its own comment. */
    @ParameterizedTest
    @MethodSource("servers")
    void aCaseVariantOfAUserTableDoesNotPassForDbstudys(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            Dialect d = Dialects.of(kind);
            execute(db, "CREATE TABLE " + d.quoteIdentifier("people") + " (id int)", d.markCreatedSql("people"),
                    "CREATE TABLE " + d.quoteIdentifier("People") + " (id int)");
            try (Connection c = db.connect()) {
                assertTrue(TableOwnership.refusal(c, d, List.of("People")).startsWith("table People exists"));
                // Quoted names keep their case, and both look their table up by its exact name.
                assertEquals(null, TableOwnership.refusal(c, d, List.of("people")));
            }
        }
    }

    @Test
    void aNameThatIsNotAPlainTableNameIsAConfigurationError() {
        TransactionSampler s = Samplers.sampler(TestDatabases.postgres(), "bad", "SELECT 1;");
        s.setOwnedTables("people; drop");

        SampleResult r = Samplers.once(s);

        assertFalse(r.isSuccessful());
        assertTrue(r.isStopTest());
        assertTrue(r.getResponseMessage().contains("ownedTables") && r.getResponseMessage().contains("'people; drop'"),
                r.getResponseMessage());
    }

    private static void execute(DatabaseEndpoint db, String... sql) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            for (String one : sql) {
                s.execute(one);
            }
        }
    }

    private static long count(DatabaseEndpoint db, String table) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
