package org.dbstudy.jmeter.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.jmeter.TransactionSampler;
import org.dbstudy.jmeter.chbench.ChProcedures;
import org.dbstudy.jmeter.tpcc.ScratchDatabase.Server;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The 22 CH-benCHmark queries run on the loaded tables of both servers, and their plans are captured. */
class ChBenchTest {

    @ParameterizedTest
    @EnumSource(value = Server.class, names = {"POSTGRESQL", "MARIADB"})
    void everyQueryRunsAndThePlansOfTheChosenOnesAreCaptured(Server server, @TempDir Path dir) throws Exception {
        try (ScratchDatabase db = new ScratchDatabase(server)) {
            SampleResult load = TpccSamplers.load(db.endpoint(), "warehouses=1\nch=true");
            assertTrue(load.isSuccessful(), load.getResponseMessage());
            List<String> failed = new ArrayList<>();
            for (String q : ChProcedures.queryNames()) {
                TransactionSampler s = TpccSamplers.procedure(db.endpoint(), "analytic", "CH_QUERY", "queries=" + q);
                SampleResult r = TpccSamplers.once(s);
                assertEquals(q, r.getSampleLabel(), "each query is its own label");
                if (!r.isSuccessful()) {
                    failed.add(q + ": " + r.getResponseMessage());
                }
                if (q.equals("Q5")) {
                    assertTrue(!r.getResponseMessage().startsWith("OK rows=0 "), "Q5 finds customers in Europe: "
                            + r.getResponseMessage());
                }
                if (q.equals("Q1")) {
                    assertTrue(r.getResponseMessage().startsWith("OK rows=15 "), "one row per ol_number: " + r.getResponseMessage());
                }
            }
            assertEquals(List.of(), failed);
            try (java.sql.Connection c = db.endpoint().connect(); java.sql.Statement st = c.createStatement();
                 java.sql.ResultSet rs = st.executeQuery("SELECT r_name, COUNT(*) FROM customer, nation, region"
                         + " WHERE ASCII(SUBSTRING(c_state FROM 1 FOR 1)) = n_nationkey AND n_regionkey = r_regionkey"
                         + " GROUP BY r_name ORDER BY r_name")) {
                List<String> regions = new ArrayList<>();
                while (rs.next()) {
                    regions.add(rs.getString(1).trim());
                    assertTrue(rs.getLong(2) > 1000, "customers in " + rs.getString(1) + ": " + rs.getLong(2));
                }
                assertEquals(List.of("Africa", "America", "Asia", "Australia", "Europe"), regions,
                        "customers in every region (c_state's first character is a nation key)");
            }

            Path file = dir.resolve("plans").resolve("cell.txt");
            TransactionSampler explain = TpccSamplers.procedure(db.endpoint(), "tearDown ch-plans", "CH_EXPLAIN",
                    "queries=Q1,Q5,Q6,Q10,Q17\nfile=" + file);
            SampleResult r = TpccSamplers.once(explain);
            assertTrue(r.isSuccessful(), r.getResponseMessage());
            String plans = Files.readString(file);
            for (String q : List.of("Q1", "Q5", "Q6", "Q10", "Q17")) {
                assertTrue(plans.contains("== " + q + " ("), q + " in " + file);
            }
            String actualTimes = db.isPostgres() ? "actual time=" : "r_total_time_ms";
            assertTrue(plans.contains(actualTimes), "plans carry actual times: " + plans.substring(0, Math.min(400, plans.length())));
            assertEquals(plans, r.getResponseDataAsString());
        }
    }
}
