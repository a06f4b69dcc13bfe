package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Priming (issue 10): each new THREAD connection runs the statements {@code prime} times, rolled
 * back and unmeasured, before the thread's first measured sample. Whether the first sample is then
 * no slower than the cell's p99 is an experiment (docs/running.md), not a test.
 */
class PrimingTest {

    /** A sampler as JMeter hands it over: properties set, then threadStarted, then samples. */
    private static TransactionSampler insert(DatabaseEndpoint db, String prime) {
        TransactionSampler s = Samplers.sampler(db, "insert", "INSERT INTO dbstudy_prime (name) VALUES ('x');");
        if (prime != null) {
            s.setProperty(SamplerField.PRIME.key(), prime);
        }
        return s;
    }

    private static long[] countAndMaxId(DatabaseEndpoint db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT count(*), coalesce(max(id), 0) FROM dbstudy_prime")) {
            rs.next();
            return new long[] {rs.getLong(1), rs.getLong(2)};
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void primingRunsTheStatementsBeforeTheFirstSampleAndRollsThemBack(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        String serial = server.isPostgres() ? "serial" : "int AUTO_INCREMENT";
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_prime",
                "CREATE TABLE dbstudy_prime (id " + serial + " PRIMARY KEY, name varchar(10))");
        TransactionSampler s = insert(db, "3");
        s.threadStarted();
        try {
            long[] afterPriming = countAndMaxId(db);
            assertEquals(0, afterPriming[0], "priming writes no row");
            SampleResult first = s.sample(null);
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            long[] afterFirst = countAndMaxId(db);
            assertEquals(1, afterFirst[0], "the measured sample writes its row");
            // A rolled-back insert still takes a key: three priming runs took ids 1 to 3.
            assertEquals(4, afterFirst[1], "three priming runs ran before the first sample");
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void primeZeroTurnsItOffAndPlansWithoutTheFieldPrimeFiveTimes() throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        for (String prime : new String[] {"0", null}) {
            Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_prime",
                    "CREATE TABLE dbstudy_prime (id serial PRIMARY KEY, name varchar(10))");
            TransactionSampler s = insert(db, prime);
            s.threadStarted();
            try {
                assertTrue(s.sample(null).isSuccessful());
            } finally {
                s.threadFinished();
            }
            // The serial advances in every rolled-back insert: 5 priming runs, then the sample's row.
            assertEquals(prime == null ? 6 : 1, countAndMaxId(db)[1], "prime " + prime);
        }
    }

    @Test
    void aConnectionOpenedByTheFirstSampleIsPrimedBeforeItsClockStarts() throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_prime",
                "CREATE TABLE dbstudy_prime (id serial PRIMARY KEY, name varchar(10))");
        TransactionSampler s = insert(db, "2");
        try {
            SampleResult first = s.sample(null); // no threadStarted: as with a connection pool variable
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertEquals(3, countAndMaxId(db)[1]);
            assertEquals(1, countAndMaxId(db)[0]);
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void aPrimingRunThatFailsLeavesTheErrorToTheFirstSample() throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_prime");
        TransactionSampler s = insert(db, "1");
        s.threadStarted();
        try {
            SampleResult first = s.sample(null);
            assertFalse(first.isSuccessful());
            assertEquals("syntax_error", Samplers.outcome(first), first.getResponseMessage());
            assertTrue(first.getResponseMessage().contains("dbstudy_prime"), first.getResponseMessage());
        } finally {
            s.threadFinished();
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "SELECT * FROM t LIMIT 5;|||true",
        "  with x as (select 1) select * from x;|||true",
        "UPDATE t SET a = 1; / DELETE FROM t WHERE a = 2;|||true",
        "SELECT 1;|0||false",
        "CREATE TABLE t (a int);|||false",
        "INSERT INTO t VALUES (1); / TRUNCATE t;|||false",
        "SELECT pg_advisory_lock(1);|||false",
        "SELECT GET_LOCK('a', 1);|||false",
        "SELECT pg_sleep(1);|||false",
        "INSERT INTO t VALUES (nextval('s'));|||false",
        "SELECT 1;||THREAD_LAZY|false",
        "SELECT 1;||SAMPLE|false",
    })
    void onlyWhatARollbackUndoesIsPrimed(String sql, String prime, String scope, boolean primed) throws Exception {
        Map<SamplerField, String> fields = initialFields();
        fields.put(SamplerField.STATEMENTS, sql.replace("; / ", ";\n")); // ' / ' separates statements in the table
        fields.put(SamplerField.PRIME, prime);
        fields.put(SamplerField.CONNECTION_SCOPE, scope);
        assertEquals(primed, Priming.applies(SamplerSettings.parse(fields::get)), sql);
    }

    /** Every field at the value a new sampler starts with. */
    private static Map<SamplerField, String> initialFields() {
        Map<SamplerField, String> fields = new java.util.EnumMap<>(SamplerField.class);
        for (SamplerField f : SamplerField.values()) {
            fields.put(f, f.initial());
        }
        return fields;
    }

    @Test
    void aNamedLockOrAProcedureIsNotPrimed() throws Exception {
        Map<SamplerField, String> fields = initialFields();
        fields.put(SamplerField.LOCK_MODE, "NAMED_LOCK");
        fields.put(SamplerField.LOCK_NAME, "a");
        assertFalse(Priming.applies(SamplerSettings.parse(fields::get)));
        fields.put(SamplerField.LOCK_MODE, "NONE");
        fields.put(SamplerField.STATEMENTS, "");
        fields.put(SamplerField.PROCEDURE, "TPCC_MIX");
        fields.put(SamplerField.PROCEDURE_ARGUMENTS, "warehouses=1");
        assertFalse(Priming.applies(SamplerSettings.parse(fields::get)));
    }
}
