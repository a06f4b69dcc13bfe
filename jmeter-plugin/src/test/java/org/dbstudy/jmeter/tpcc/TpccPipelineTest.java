package org.dbstudy.jmeter.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.jmeter.TransactionSampler;
import org.dbstudy.jmeter.tpcc.ScratchDatabase.Server;
import org.junit.jupiter.api.Test;

/**
 * {@code roundTrips=pipelined}: the same statements in the same order, fewer round trips. One terminal
 * with the same seed leaves the same database either way; the round trips per transaction are counted
 * at the socket; a database whose driver cannot pipeline stops the cell instead of measuring per statement.
 */
class TpccPipelineTest {
    private static final String PIPELINED = "\nroundTrips=pipelined";

    /** What the transactions leave behind, without the timestamps (the study clock moves on between runs). */
    private static final String FINGERPRINT = "SELECT"
            + " (SELECT sum(w_ytd) FROM warehouse) || ';' ||"
            + " (SELECT sum(d_next_o_id) || '/' || sum(d_ytd) FROM district) || ';' ||"
            + " (SELECT sum(s_quantity) || '/' || sum(s_ytd) || '/' || sum(s_order_cnt) || '/' || sum(s_remote_cnt) FROM stock) || ';' ||"
            + " (SELECT sum(c_balance) || '/' || sum(c_ytd_payment) || '/' || sum(c_payment_cnt) || '/' || sum(c_delivery_cnt)"
            + "   || '/' || sum(length(c_data)) FROM customer) || ';' ||"
            + " (SELECT count(*) || '/' || count(o_carrier_id) || '/' || sum(o_ol_cnt) || '/' || sum(o_c_id) FROM oorder) || ';' ||"
            + " (SELECT count(*) || '/' || sum(no_o_id) FROM new_order) || ';' ||"
            + " (SELECT count(*) || '/' || sum(ol_amount) || '/' || count(ol_delivery_d) || '/' || sum(ol_i_id) FROM order_line) || ';' ||"
            + " (SELECT count(*) || '/' || sum(h_amount) || '/' || sum(h_c_id) FROM history)";

    @Test
    void oneTerminalLeavesTheSameDatabaseEitherWay() throws Exception {
        List<String> fingerprints = new ArrayList<>();
        List<List<String>> outcomes = new ArrayList<>();
        for (String roundTrips : List.of("", PIPELINED)) {
            try (ScratchDatabase db = new ScratchDatabase(Server.POSTGRESQL)) {
                assertTrue(TpccSamplers.load(db.endpoint(), "warehouses=1\nforeignKeys=false").isSuccessful());
                TransactionSampler s = terminal(db.endpoint(), "TPCC_MIX", roundTrips);
                List<String> seen = new ArrayList<>();
                try {
                    for (int i = 0; i < 400; i++) {
                        SampleResult r = s.sample(null);
                        assertTrue(r.isSuccessful(), r.getSampleLabel() + ": " + r.getResponseMessage());
                        seen.add(r.getSampleLabel() + " " + r.getResponseMessage().replaceAll("^OK ", ""));
                    }
                } finally {
                    s.threadFinished();
                }
                outcomes.add(seen);
                fingerprints.add(fingerprint(db.endpoint()));
                assertEquals(0, org.dbstudy.vocabulary.ResponseMessages.violations(
                        TpccRunTest.check(db.endpoint()).getResponseMessage()), roundTrips);
            }
        }
        assertEquals(outcomes.get(0), outcomes.get(1), "the same transactions, rows and intended rollbacks");
        assertTrue(outcomes.get(0).stream().anyMatch(o -> o.startsWith("NewOrder intended_rollback")), outcomes.get(0).toString());
        assertTrue(outcomes.get(0).stream().anyMatch(o -> o.startsWith("Delivery")), outcomes.get(0).toString());
        assertEquals(fingerprints.get(0), fingerprints.get(1), "per statement, then pipelined");
    }

    @Test
    void pipelinedTransactionsTakeFewerRoundTrips() throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(Server.POSTGRESQL)) {
            assertTrue(TpccSamplers.load(db.endpoint(), "warehouses=1\nforeignKeys=false").isSuccessful());
            String url = db.endpoint().url();
            DatabaseEndpoint counted = db.endpoint().withUrl(url + (url.contains("?") ? "&" : "?")
                    + "socketFactory=" + CountingSocketFactory.class.getName());
            // Per transaction: New-Order 6 + 2 per line (10 on average) + 2 batches + COMMIT per statement, 2 + 2 + COMMIT
            // pipelined; Payment 7 (8 for a bad-credit customer) + COMMIT, 2 (3) + COMMIT; Delivery 7 per district + COMMIT,
            // 4 per district + COMMIT.
            assertRoundTrips(counted, "TPCC_NEW_ORDER", 25, 32, 4.5, 5.2);
            assertRoundTrips(counted, "TPCC_PAYMENT", 8, 9, 3, 4);
            assertRoundTrips(counted, "TPCC_DELIVERY", 71, 71, 41, 41);
        }
    }

    private static void assertRoundTrips(DatabaseEndpoint db, String procedure, double perStatementMin, double perStatementMax,
                                         double pipelinedMin, double pipelinedMax) {
        double perStatement = roundTrips(db, procedure, "");
        double pipelined = roundTrips(db, procedure, PIPELINED);
        String what = procedure + ": " + perStatement + " round trips per statement, " + pipelined + " pipelined";
        System.out.println("[pipeline test] " + what);
        assertTrue(perStatement >= perStatementMin && perStatement <= perStatementMax, what);
        assertTrue(pipelined >= pipelinedMin && pipelined <= pipelinedMax, what);
    }

    /** Socket writes per transaction of one terminal, after 10 transactions that open and warm its connection. */
    private static double roundTrips(DatabaseEndpoint db, String procedure, String roundTrips) {
        TransactionSampler s = terminal(db, procedure, roundTrips);
        int n = 60;
        try {
            for (int i = 0; i < 10; i++) {
                assertTrue(s.sample(null).isSuccessful());
            }
            long before = CountingSocketFactory.WRITES.get();
            for (int i = 0; i < n; i++) {
                SampleResult r = s.sample(null);
                assertTrue(r.isSuccessful(), r.getResponseMessage());
            }
            return (double) (CountingSocketFactory.WRITES.get() - before) / n;
        } finally {
            s.threadFinished();
        }
    }

    @Test
    void mariaDbStopsTheCellInsteadOfRunningPerStatement() throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(Server.MARIADB)) {
            TransactionSampler s = terminal(db.endpoint(), "TPCC_MIX", PIPELINED);
            SampleResult r = TpccSamplers.once(s);
            assertFalse(r.isSuccessful());
            assertTrue(r.isStopTest(), "the cell stops: per statement would be another workload");
            assertTrue(r.getResponseMessage().contains("roundTrips=pipelined needs PostgreSQL"), r.getResponseMessage());
        }
    }

    private static TransactionSampler terminal(DatabaseEndpoint db, String procedure, String roundTrips) {
        TransactionSampler s = TpccSamplers.procedure(db, "tpcc", procedure,
                "warehouses=1\nterminal=1\nterminals=1\nseed=7" + roundTrips);
        s.setIsolationLevel("READ_COMMITTED");
        return s;
    }

    private static String fingerprint(DatabaseEndpoint db) throws SQLException {
        try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password());
             Statement st = c.createStatement(); ResultSet rs = st.executeQuery(FINGERPRINT)) {
            assertTrue(rs.next());
            return rs.getString(1);
        }
    }
}
