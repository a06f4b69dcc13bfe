package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.ResponseMessages;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The anomalies each isolation level allows or forbids, observed on the real servers. */
class IsolationTest {

    @ParameterizedTest
    @EnumSource(Servers.class)
    void readCommittedShowsANonRepeatableRead(Servers server) throws Exception {
        String[] reads = twoReadsAroundAConcurrentUpdate(server, "READ_COMMITTED");
        assertNotEquals(reads[0], reads[1], "READ COMMITTED should see the committed update in its second read");
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void repeatableReadPreventsIt(Servers server) throws Exception {
        String[] reads = twoReadsAroundAConcurrentUpdate(server, "REPEATABLE_READ");
        assertEquals(reads[0], reads[1], "REPEATABLE READ must read the same value twice");
    }

    @Test
    void repeatableReadAllowsWriteSkewOnPostgres() throws Exception {
        List<SampleResult> results = doctorsGoOffCall("REPEATABLE_READ", 1);
        assertTrue(results.stream().allMatch(SampleResult::isSuccessful));
        assertEquals(0, doctorsOnCall(), "snapshot isolation lets both go off call (write skew)");
    }

    @Test
    void serializableTurnsWriteSkewIntoSerializationFailures() throws Exception {
        List<SampleResult> results = doctorsGoOffCall("SERIALIZABLE", 1);
        assertTrue(results.stream().anyMatch(r -> "serialization_failure".equals(Samplers.outcome(r))),
                "one of the two should fail with serialization_failure: " + messages(results));
        assertTrue(results.stream().filter(r -> !r.isSuccessful()).allMatch(r -> r.getResponseCode().startsWith("40001")));
        assertEquals(1, doctorsOnCall());
    }

    @Test
    void retriesResolveTheSerializationFailures() throws Exception {
        List<SampleResult> results = doctorsGoOffCall("SERIALIZABLE", 5);
        assertTrue(results.stream().allMatch(SampleResult::isSuccessful), messages(results));
        assertTrue(results.stream().anyMatch(r -> !r.getResponseMessage().contains("tries=1")),
                "at least one sample should have needed a second try: " + messages(results));
        for (SampleResult r : results) {
            // Every retried try is named by its class: tries - 1 serialization failures here.
            long[] retried = new long[Outcome.count()];
            ResponseMessages.addRetried(r.getResponseMessage(), retried);
            assertEquals(ResponseMessages.tries(r.getResponseMessage()) - 1, retried[Outcome.SERIALIZATION_FAILURE.ordinal()],
                    r.getResponseMessage());
        }
        assertEquals(1, doctorsOnCall(), "the invariant (someone on call) holds");
    }

    @ParameterizedTest
    @EnumSource(Servers.class)
    void theLevelIsReadBackFromTheServer(Servers server) {
        TransactionSampler s = Samplers.sampler(server.endpoint(), "iso",
                server.isPostgres() ? "SHOW transaction_isolation;" : "SELECT @@tx_isolation;");
        s.setIsolationLevel("SERIALIZABLE");
        s.setKeepRows("true");
        SampleResult r = Samplers.once(s);
        assertTrue(r.isSuccessful(), r.getResponseMessage());
        assertTrue(r.getResponseDataAsString().toLowerCase().replace('-', ' ').contains("serializable"),
                r.getResponseDataAsString());
    }

    /**
     * Reads a row twice in one transaction while another session commits an update in between: the
     * reader waits at a gate after its first read, and the gate opens only after the update committed.
     */
    private static String[] twoReadsAroundAConcurrentUpdate(Servers server, String level) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_iso", "CREATE TABLE dbstudy_iso (id int primary key, v int)",
                "INSERT INTO dbstudy_iso VALUES (1, 10)");
        SampleResult r;
        try (Gate gate = Gate.closed(server, "dbstudy_iso_gate")) {
            TransactionSampler reader = Samplers.sampler(db, "reader",
                    "SELECT 'first', v FROM dbstudy_iso WHERE id = 1;\n" + gate.pass()
                            + ";\nSELECT 'second', v FROM dbstudy_iso WHERE id = 1;");
            reader.setIsolationLevel(level);
            reader.setPrime("0"); // a priming run would pass the gate in the sample's place
            reader.setKeepRows("true");
            CompletableFuture<SampleResult> read = CompletableFuture.supplyAsync(() -> Samplers.once(reader));
            gate.awaitWaiters(1, read);
            Samplers.sql(db, "UPDATE dbstudy_iso SET v = 20 WHERE id = 1");
            gate.open();
            r = read.get();
        }
        assertTrue(r.isSuccessful(), r.getResponseMessage());
        String first = null;
        String second = null;
        for (String line : r.getResponseDataAsString().split("\n")) {
            if (line.startsWith("first\t")) {
                first = line.substring(6);
            } else if (line.startsWith("second\t")) {
                second = line.substring(7);
            }
        }
        assertEquals("10", first, r.getResponseDataAsString());
        return new String[] {first, second};
    }

    /**
     * Two doctors on call; each transaction goes off call if the other still is. Both read before
     * either writes (they meet at a gate after the read), so snapshot isolation lets both see two on
     * call (write skew); SERIALIZABLE must refuse one of them. Retries pass the open gate at once.
     */
    private static List<SampleResult> doctorsGoOffCall(String level, int maxTries) throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        Samplers.sql(db, "DROP TABLE IF EXISTS dbstudy_doctors",
                "CREATE TABLE dbstudy_doctors (id int primary key, on_call boolean not null)",
                "INSERT INTO dbstudy_doctors VALUES (1, true), (2, true)");
        try (Gate gate = Gate.closed(Servers.POSTGRESQL, "dbstudy_doctors_gate")) {
            return gate.runThrough(2, t -> {
                TransactionSampler s = Samplers.sampler(db, "off-call",
                        "SELECT count(*) FROM dbstudy_doctors WHERE on_call;\n"
                                + gate.pass() + ";\n"
                                + "UPDATE dbstudy_doctors SET on_call = false WHERE id = ? "
                                + "AND (SELECT count(*) FROM dbstudy_doctors WHERE on_call) >= 2;");
                s.setParameters("\n\n" + (t + 1));
                s.setIsolationLevel(level);
                s.setMaxTries(String.valueOf(maxTries));
                return s;
            });
        }
    }

    private static int doctorsOnCall() throws Exception {
        try (Connection c = Servers.POSTGRESQL.endpoint().connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM dbstudy_doctors WHERE on_call")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static String messages(List<SampleResult> results) {
        return results.stream().map(SampleResult::getResponseMessage).toList().toString();
    }
}
