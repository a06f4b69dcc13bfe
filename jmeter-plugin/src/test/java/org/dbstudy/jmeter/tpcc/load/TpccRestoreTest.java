package org.dbstudy.jmeter.tpcc.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.jmeter.tpcc.ScratchDatabase.Server;
import org.dbstudy.jmeter.tpcc.ScratchDatabase;
import org.dbstudy.jmeter.tpcc.TpccRunTest;
import org.dbstudy.jmeter.tpcc.TpccSamplers;
import org.dbstudy.vocabulary.ResponseMessages;
import org.dbstudy.vocabulary.ResponseMessages.DataStart;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * existing=RESTORE (reset per-level) on the real servers: after a run of all five transactions, the
 * restore gives every TPC-C table the rows and values of its load again, and the database is consistent.
 */
class TpccRestoreTest {

    @ParameterizedTest
    @EnumSource(value = Server.class, names = {"POSTGRESQL", "MARIADB"})
    void aRestoreAfterARunGivesBackTheLoadedRows(Server server) throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(server)) {
            SampleResult load = TpccSamplers.load(db.endpoint(), "warehouses=1\nexisting=RESTORE");
            assertEquals(DataStart.LOADED, DataStart.of(load.getResponseMessage()), load.getResponseMessage());
            Map<String, String> loaded = fingerprints(db.endpoint());

            List<SampleResult> run = TpccRunTest.run(db.endpoint(), 1, "READ_COMMITTED", 3, 600, "TPCC_MIX", "");
            assertTrue(run.stream().anyMatch(r -> r.getSampleLabel().equals("Delivery")), "Delivery ran");
            Map<String, String> changed = fingerprints(db.endpoint());
            for (String t : List.of("warehouse", "district", "customer", "history", "oorder", "new_order", "order_line", "stock")) {
                assertNotEquals(loaded.get(t), changed.get(t), t + " changed by the run, or the test proves nothing");
            }

            SampleResult restore = TpccSamplers.load(db.endpoint(), "warehouses=1\nexisting=RESTORE");
            assertTrue(restore.isSuccessful(), restore.getResponseMessage());
            assertEquals(DataStart.RESTORED, DataStart.of(restore.getResponseMessage()), restore.getResponseMessage());
            assertEquals(loaded, fingerprints(db.endpoint()), "every table as loaded");
            assertEquals(0, ResponseMessages.violations(TpccRunTest.check(db.endpoint()).getResponseMessage()));

            SampleResult other = TpccSamplers.load(db.endpoint(), "warehouses=2\nexisting=RESTORE");
            assertEquals(DataStart.LOADED, DataStart.of(other.getResponseMessage()), "another warehouse count loads");
        }
    }

    /** Per table: rows and an order-free sum of the rows' hashes over every column as text. */
    private static Map<String, String> fingerprints(DatabaseEndpoint db) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            c.setAutoCommit(false); // PostgreSQL streams rows by fetch size only inside a transaction
            s.setFetchSize(5000);
            for (TpccSchema.Table t : TpccSchema.TPCC) {
                long rows = 0;
                long sum = 0;
                try (ResultSet rs = s.executeQuery("SELECT * FROM " + t.name())) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        StringBuilder row = new StringBuilder();
                        for (int i = 1; i <= columns; i++) {
                            row.append(rs.getString(i)).append('\u0001');
                        }
                        long h = row.toString().hashCode();
                        sum += h * 0x9E3779B97F4A7C15L + (h >>> 7) * 31 + row.length();
                        rows++;
                    }
                }
                out.put(t.name(), rows + "/" + Long.toHexString(sum));
            }
        }
        return out;
    }
}
