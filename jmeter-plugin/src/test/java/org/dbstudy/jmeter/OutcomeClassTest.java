package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Each event a study must name comes out with its outcome class, on the real servers. */
class OutcomeClassTest {

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aDeadlockIsClassifiedAsDeadlock(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_dl", "CREATE TABLE dbstudy_dl (id int primary key, v int)",
                "INSERT INTO dbstudy_dl VALUES (1, 0), (2, 0)");
        List<SampleResult> results;
        try (Gate gate = Gate.closed(server, "dbstudy_dl_gate")) {
            // Each locks its own row, then both meet at the gate before reaching for the other's: a cycle.
            results = gate.runThrough(2, t -> {
                int first = t + 1;
                int second = 2 - t;
                TransactionSampler s = Samplers.sampler(db, "dl",
                        "UPDATE dbstudy_dl SET v = v + 1 WHERE id = " + first + ";\n" + gate.pass()
                                + ";\nUPDATE dbstudy_dl SET v = v + 1 WHERE id = " + second + ";");
                s.setRetryOn("NONE");
                return s;
            });
        }
        assertTrue(results.stream().anyMatch(r -> "deadlock".equals(Samplers.outcome(r))), messages(results));
        assertTrue(results.stream().anyMatch(SampleResult::isSuccessful), "the other transaction commits");
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aRowLockWaitTimeoutIsClassifiedAsLockTimeout(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_lw", "CREATE TABLE dbstudy_lw (id int primary key, v int)",
                "INSERT INTO dbstudy_lw VALUES (1, 0)");
        try (Connection holder = db.connect()) {
            holder.setAutoCommit(false);
            try (Statement s = holder.createStatement()) {
                s.execute("UPDATE dbstudy_lw SET v = 1 WHERE id = 1");
            }
            TransactionSampler s = Samplers.sampler(db, "lw", "UPDATE dbstudy_lw SET v = 2 WHERE id = 1;");
            s.setLockWaitTimeoutMs("500");
            SampleResult r = Samplers.once(s);
            holder.rollback();
            assertEquals("lock_timeout", Samplers.outcome(r), r.getResponseMessage());
            assertTrue(r.getTime() < 5_000, "waited " + r.getTime() + " ms");
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aNamedLockTimeoutIsAFailedSampleNotASuccess(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        try (Connection holder = db.connect()) {
            holdNamedLock(server, holder, "dbstudy-held");
            TransactionSampler s = Samplers.sampler(db, "gl", "SELECT 1;");
            s.setLockMode("NAMED_LOCK");
            s.setLockName("dbstudy-held");
            s.setLockTimeoutSeconds("0.5");
            s.setSubResults("true");
            SampleResult r = Samplers.once(s);
            assertFalse(r.isSuccessful());
            assertEquals("lock_timeout", Samplers.outcome(r), r.getResponseMessage());
            assertEquals("gl-lock", r.getSubResults()[0].getSampleLabel());
            assertTrue(r.getSubResults()[0].getTime() >= 400, "lock wait reported apart: " + r.getSubResults()[0].getTime());
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void theNamedLockIsReleasedAfterAFailedSample(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        TransactionSampler failing = Samplers.sampler(db, "fails", "SELECT no_such_column FROM no_such_table;");
        failing.setLockMode("NAMED_LOCK");
        failing.setLockName("dbstudy-released");
        SampleResult r = failing.sample(null);
        assertEquals("syntax_error", Samplers.outcome(r), r.getResponseMessage());
        try {
            // While the failing sampler's connection is still open, another session can take the lock.
            TransactionSampler other = Samplers.sampler(db, "other", "SELECT 1;");
            other.setLockMode("NAMED_LOCK");
            other.setLockName("dbstudy-released");
            other.setLockTimeoutSeconds("1");
            SampleResult second = Samplers.once(other);
            assertTrue(second.isSuccessful(), second.getResponseMessage());
        } finally {
            failing.threadFinished();
        }
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void aStatementTimeoutIsClassified(Servers server) {
        TransactionSampler s = Samplers.sampler(server.endpoint(), "slow", server.sleep(3) + ";");
        s.setStatementTimeoutMs("300");
        s.setTransactionMode("AUTOCOMMIT");
        SampleResult r = Samplers.once(s);
        if (server.isPostgres()) {
            assertEquals("statement_timeout", Samplers.outcome(r), r.getResponseMessage());
        } else {
            // MySQL's max_execution_time / MariaDB's max_statement_time interrupt SLEEP: it returns 1.
            assertTrue(r.getTime() < 2_500, "the timeout should cut the 3 s sleep short: " + r.getTime());
        }
    }

    private static void holdNamedLock(Servers server, Connection c, String name) throws Exception {
        String sql = server.isPostgres() ? "SELECT pg_advisory_lock(hashtextextended(?, 0))" : "SELECT GET_LOCK(?, 1)";
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
            }
        }
    }

    private static String messages(List<SampleResult> results) {
        return results.stream().map(r -> r.getResponseCode() + " " + r.getResponseMessage()).toList().toString();
    }
}
