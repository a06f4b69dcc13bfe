package org.dbstudy.jmeter.tpcc.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.jmeter.tpcc.ScratchDatabase.Server;
import org.dbstudy.jmeter.tpcc.ScratchDatabase;
import org.dbstudy.jmeter.tpcc.TpccSamplers;
import org.dbstudy.vocabulary.ResponseMessages.DataStart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The loader on the real servers: the spec's row counts, and what it does with tables already there. */
class TpccLoadTest {

    /** Each way to the server loads by its bulk path: COPY, LOAD DATA, or INSERT where the driver refuses LOAD DATA. */
    @ParameterizedTest(name = "{0} W={1}")
    @CsvSource({"POSTGRESQL, 1, copy", "POSTGRESQL, 2, copy", "MARIADB, 1, load_data", "MARIADB, 2, load_data",
            "MYSQL_DRIVER_ON_MARIADB, 1, insert", "MYSQL_DRIVER_WITH_LOCAL_INFILE_ON_MARIADB, 1, load_data"})
    void everyTableHoldsTheSpecsRowCount(Server server, int warehouses, String path) throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(server)) {
            SampleResult r = TpccSamplers.load(db.endpoint(), "warehouses=" + warehouses + "\nch=true");
            assertTrue(r.isSuccessful(), r.getResponseMessage());
            assertTrue(r.getResponseMessage().contains("load=done warehouses=" + warehouses), r.getResponseMessage());
            assertTrue(r.getResponseMessage().endsWith(" path=" + path), r.getResponseMessage());
            try (Connection c = db.endpoint().connect(); Statement s = c.createStatement()) {
                List<String> wrong = new ArrayList<>();
                long total = 0;
                for (TpccSchema.Table t : concat(TpccSchema.TPCC, TpccSchema.CH)) {
                    long rows = count(s, "SELECT COUNT(*) FROM " + t.name());
                    total += rows;
                    long expected = t == TpccSchema.ORDER_LINE
                            ? count(s, "SELECT SUM(o_ol_cnt) FROM oorder") : TpccSchema.expectedRows(t, warehouses);
                    if (rows != expected) {
                        wrong.add(t.name() + " has " + rows + ", expected " + expected);
                    }
                }
                assertEquals(List.of(), wrong);
                // ORDER-LINE: 5..15 lines per order, so about 10 per order; the mean of 30,000 draws is within 0.1.
                double perOrder = count(s, "SELECT COUNT(*) FROM order_line") / (30_000.0 * warehouses);
                assertEquals(10.0, perOrder, 0.1);
                assertTrue(r.getResponseMessage().contains("rows=" + total), r.getResponseMessage() + " vs " + total);
                // Value distributions the transactions and the checks rely on.
                assertEquals(900L * 10 * warehouses, count(s, "SELECT COUNT(*) FROM oorder WHERE o_carrier_id IS NULL"));
                assertEquals(3001, count(s, "SELECT MIN(d_next_o_id) FROM district"));
                assertEquals(1000, count(s, "SELECT COUNT(DISTINCT c_last) FROM customer"));
                long bc = count(s, "SELECT COUNT(*) FROM customer WHERE c_credit = 'BC'");
                assertTrue(bc > 2400 * warehouses && bc < 3600 * warehouses, "about 10 % BC: " + bc);
                long original = count(s, "SELECT COUNT(*) FROM item WHERE i_data LIKE '%ORIGINAL%'");
                assertTrue(original > 9000 && original < 11000, "about 10 % ORIGINAL: " + original);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = Server.class, names = {"POSTGRESQL", "MARIADB"})
    void refusesToLoadOverTablesOfAnotherTool(Server server) throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(server)) {
            try (Connection c = db.endpoint().connect(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE warehouse (w_id int)");
                s.execute("CREATE TABLE stock (s_i_id int)");
            }
            SampleResult r = TpccSamplers.load(db.endpoint(), "warehouses=1");
            assertFalse(r.isSuccessful());
            assertTrue(r.isStopTest(), "a load that cannot happen stops the cell");
            assertTrue(r.getResponseMessage().startsWith("configuration_error: tables stock, warehouse exist"),
                    r.getResponseMessage());
            assertTrue(r.getResponseMessage().contains("dropForeign=true"), r.getResponseMessage());
        }
    }

    @Test
    void reusePolicyKeepsTheSameSizeAndReloadsAnother() throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(Server.POSTGRESQL)) {
            assertTrue(TpccSamplers.load(db.endpoint(), "warehouses=1").isSuccessful());
            try (Connection c = db.endpoint().connect(); Statement s = c.createStatement()) {
                s.execute("UPDATE warehouse SET w_name = 'marked'");
            }
            SampleResult reused = TpccSamplers.load(db.endpoint(), "warehouses=1\nexisting=REUSE");
            assertTrue(reused.getResponseMessage().contains("load=skipped (reused 1 warehouses"), reused.getResponseMessage());
            assertEquals(DataStart.REUSED, DataStart.of(reused.getResponseMessage()), "the analysis reads it so");
            assertEquals(1, countMarked(db));
            SampleResult other = TpccSamplers.load(db.endpoint(), "warehouses=2\nexisting=REUSE");
            assertTrue(other.getResponseMessage().contains("load=done warehouses=2"), other.getResponseMessage());
            assertEquals(DataStart.LOADED, DataStart.of(other.getResponseMessage()));
            assertEquals(0, countMarked(db));
            SampleResult reload = TpccSamplers.load(db.endpoint(), "warehouses=1");
            assertTrue(reload.getResponseMessage().contains("load=done warehouses=1"), reload.getResponseMessage());
        }
    }

    private static long countMarked(ScratchDatabase db) throws Exception {
        try (Connection c = db.endpoint().connect(); Statement s = c.createStatement()) {
            return count(s, "SELECT COUNT(*) FROM warehouse WHERE w_name = 'marked'");
        }
    }

    static long count(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }
}
