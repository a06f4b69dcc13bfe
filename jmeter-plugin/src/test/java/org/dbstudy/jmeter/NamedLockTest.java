package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The invariant a named lock exists for: read-modify-write increments done by 32 threads, with the
 * value carried from a SELECT to an UPDATE in separate statements, lose no update under the lock; two
 * that both read before either writes (they meet at a {@link Gate}) lose one without it.
 */
class NamedLockTest {
    private static final int THREADS = 32;
    private static final int ITERATIONS = 15;

    @ParameterizedTest
    @EnumSource(Servers.class)
    void incrementsUnderANamedLockLoseNoUpdate(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        resetCounter(db);
        List<SampleResult> results = Samplers.runConcurrently(THREADS, ITERATIONS, t -> {
            TransactionSampler s = readModifyWrite(server, db);
            s.setLockMode("NAMED_LOCK");
            s.setLockName("dbstudy-counter");
            s.setLockTimeoutSeconds("60");
            return s;
        });
        long successes = results.stream().filter(SampleResult::isSuccessful).count();
        results.stream().filter(r -> !r.isSuccessful()).findFirst()
                .ifPresent(r -> System.err.println("unexpected failure: " + r.getResponseMessage()));
        assertEquals(THREADS * ITERATIONS, successes, "every increment should get the lock");
        assertEquals(successes, counter(db), "final counter must equal the successful samples");
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aLockHeldForTheTransactionAlsoLosesNoUpdate(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        resetCounter(db);
        List<SampleResult> results = Samplers.runConcurrently(THREADS, ITERATIONS, t -> {
            TransactionSampler s = readModifyWrite(server, db);
            s.setTransactionMode("TRANSACTION");
            s.setIsolationLevel("READ_COMMITTED");
            s.setLockMode("NAMED_LOCK");
            s.setLockScope("TRANSACTION");   // pg_advisory_xact_lock; GET_LOCK released after commit
            s.setLockName("dbstudy-counter-tx");
            s.setLockTimeoutSeconds("60");
            return s;
        });
        long successes = results.stream().filter(SampleResult::isSuccessful).count();
        assertEquals(THREADS * ITERATIONS, successes);
        assertEquals(successes, counter(db), "final counter must equal the successful samples");
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void theSameIncrementsWithoutTheLockLoseUpdates(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        resetCounter(db);
        List<SampleResult> results;
        try (Gate gate = Gate.closed(server, "dbstudy_counter_gate")) {
            // Both read the value, then meet at the gate before writing: without the lock one write is lost.
            results = gate.runThrough(2, t -> readModifyWrite(server, db, gate.pass()));
        }
        assertTrue(results.stream().allMatch(SampleResult::isSuccessful), results.toString());
        assertEquals(1, counter(db), "two increments that read the same value leave the counter at 1");
    }

    /** Reads the value into a session variable, waits a moment, writes value + 1: a classic lost update. */
    private static TransactionSampler readModifyWrite(Servers server, DatabaseEndpoint db) {
        return readModifyWrite(server, db, server.sleep(0.002));
    }

    /** Reads the value into a session variable, runs {@code between}, writes value + 1. */
    private static TransactionSampler readModifyWrite(Servers server, DatabaseEndpoint db, String between) {
        String sql = server.isPostgres()
                ? "SELECT set_config('dbstudy.v', (SELECT v::text FROM dbstudy_counter WHERE id = 1), false);\n"
                        + between + ";\n"
                        + "UPDATE dbstudy_counter SET v = current_setting('dbstudy.v')::int + 1 WHERE id = 1;"
                : "SELECT @v := v FROM dbstudy_counter WHERE id = 1;\n"
                        + between + ";\n"
                        + "UPDATE dbstudy_counter SET v = @v + 1 WHERE id = 1;";
        TransactionSampler s = Samplers.sampler(db, "increment", sql);
        s.setTransactionMode("AUTOCOMMIT");
        return s;
    }

    private static void resetCounter(DatabaseEndpoint db) throws Exception {
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_counter",
                "CREATE TABLE dbstudy_counter (id int primary key, v int not null)",
                "INSERT INTO dbstudy_counter VALUES (1, 0)");
    }

    private static long counter(DatabaseEndpoint db) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT v FROM dbstudy_counter WHERE id = 1")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
