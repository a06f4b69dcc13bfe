package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 2^(5−1) screening study from study file to report: generate renders 16 cells, each cell gets a
 * result file with known response times, and the report's effects equal the ones computed here by
 * hand from the same numbers.
 */
class FractionalEffectsTest {
    private static final String STUDY = """
            name: screen
            workload: {template: crud}
            factors:
              operation: [read, write]
              interval: [0, 0.1]
              users: [5, 10]
              rows: [50, 100]
              isolation: [READ_COMMITTED, SERIALIZABLE]
            settings: {duration: 10}
            design: {type: fractional-factorial, resolution: 5}
            """;

    /**
     * Each cell's mean response time of its successful samples, by operation, interval, users and rows
     * (isolation follows from them: E = ABCD). Each cell also has a failed sample of 5000 ms that the
     * default analysis (successful samples only) leaves out.
     */
    private static final Map<String, Integer> MEANS = new LinkedHashMap<>();

    static {
        String[] keys = {"read,0,5,50", "read,0,5,100", "read,0,10,50", "read,0,10,100", "read,0.1,5,50",
            "read,0.1,5,100", "read,0.1,10,50", "read,0.1,10,100", "write,0,5,50", "write,0,5,100", "write,0,10,50",
            "write,0,10,100", "write,0.1,5,50", "write,0.1,5,100", "write,0.1,10,50", "write,0.1,10,100"};
        int[] means = {82, 89, 65, 90, 80, 107, 76, 91, 101, 124, 95, 108, 121, 136, 108, 129};
        for (int i = 0; i < keys.length; i++) {
            MEANS.put(keys[i], means[i]);
        }
    }

    @TempDir
    Path dir;

    @Test
    void theReportsMainEffectsOfAHalfFractionEqualTheHandComputation() throws Exception {
        Path studyFile = Files.writeString(dir.resolve("screen.yaml"), STUDY);
        Path studyDir = dir.resolve("study");
        MainTest.Run generate = MainTest.run("generate", "--study", studyFile.toString(), "--out", studyDir.toString());
        assertEquals(0, generate.status(), generate.err());
        try (var plans = Files.list(studyDir.resolve("plans"))) {
            assertEquals(16, plans.count(), "2^(5-1) = 16 cells");
        }
        CsvTable manifest = CsvTable.read(studyDir.resolve(ManifestColumns.FILE_NAME));
        assertEquals(16, manifest.rows().size());

        Path results = Files.createDirectories(studyDir.resolve("results"));
        for (CsvTable.Row row : manifest.rows()) {
            String key = row.get("operation") + "," + row.get("interval") + "," + row.get("users") + "," + row.get("rows");
            int mean = MEANS.get(key);
            StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                    + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n");
            long ts = 1_000_000;
            for (int elapsed : new int[] {mean - 2, mean, mean + 2}) {
                jtl.append(ts).append(',').append(elapsed).append(",q,200,OK,users 1-1,text,true,,10,5,1,1,,0,0,0\n");
                ts += 1000;
            }
            jtl.append(ts).append(",5000,q,53300 0,too many clients,users 1-1,text,false,,0,0,1,1,,0,0,0\n");
            Files.writeString(results.resolve(ManifestColumns.planBase(row.get(ManifestColumns.PLAN)) + ".jtl"), jtl);
        }
        Path report = dir.resolve("report");
        MainTest.Run analyze = MainTest.run("analyze", "--results", results.toString(), "--manifest",
                studyDir.resolve(ManifestColumns.FILE_NAME).toString(), "--out", report.toString());
        assertEquals(0, analyze.status(), analyze.err());

        // By hand, from MEANS: A (operation) + cells 101+124+95+108+121+136+108+129 = 922, - cells
        // 82+89+65+90+80+107+76+91 = 680: (922 - 680) / 8 = 30.25. Likewise B 848 - 754, C 762 - 840,
        // D 874 - 728, E 824 - 778; AB (+ where operation and interval agree) 38 / 8, CD 2 / 8.
        Map<String, Double> byHand = Map.of("A", 30.25, "B", 11.75, "C", -9.75, "D", 18.25, "E", 5.75, "AB", 4.75,
                "CD", 0.25);
        CsvTable effects = CsvTable.read(report.resolve("effects.csv"));
        Map<String, CsvTable.Row> meanRows = new LinkedHashMap<>();
        effects.rows().stream().filter(r -> r.get("metric").equals("mean_ms")).forEach(r -> meanRows.put(r.get("term"), r));
        assertEquals(List.of("A", "B", "C", "D", "E", "AB", "AC", "AD", "AE", "BC", "BD", "BE", "CD", "CE", "DE"),
                List.copyOf(meanRows.keySet()), "5 main effects and the 10 two-factor interactions of resolution V");
        byHand.forEach((term, effect) -> assertEquals(effect, Double.parseDouble(meanRows.get(term).get("effect")),
                term + " = " + meanRows.get(term).get("factors")));
        assertEquals("85", meanRows.get("A").get("mean_low"));
        assertEquals("115.25", meanRows.get("A").get("mean_high"));
        assertEquals("operation", meanRows.get("A").get("factors"));
        assertEquals("read", meanRows.get("A").get("low_level"));
        assertEquals("write", meanRows.get("A").get("high_level"));
        assertEquals("isolation", meanRows.get("E").get("factors"));
        assertEquals("BCDE", meanRows.get("A").get("aliases"));
        assertEquals("CDE", meanRows.get("AB").get("aliases"));
        assertEquals("operation×interval", meanRows.get("AB").get("factors"));
        assertTrue(meanRows.values().stream().allMatch(r -> r.get("analysed_samples").equals("success")
                && r.get("design").equals("2^(5-1) E=ABCD") && r.get("resolution").equals("5")));

        // The same effects a second way: group the cells by their levels as the manifest names them.
        for (String factor : List.of("operation", "interval", "users", "rows", "isolation")) {
            String high = switch (factor) {
                case "operation" -> "write";
                case "interval" -> "0.1";
                case "users" -> "10";
                case "rows" -> "100";
                default -> "SERIALIZABLE";
            };
            double sumHigh = 0;
            double sumLow = 0;
            for (CsvTable.Row row : manifest.rows()) {
                String key = row.get("operation") + "," + row.get("interval") + "," + row.get("users") + ","
                        + row.get("rows");
                if (row.get(factor).equals(high)) {
                    sumHigh += MEANS.get(key);
                } else {
                    sumLow += MEANS.get(key);
                }
            }
            String term = meanRows.values().stream().filter(r -> r.get("factors").equals(factor)).findFirst()
                    .orElseThrow().get("term");
            assertEquals(sumHigh / 8 - sumLow / 8, Double.parseDouble(meanRows.get(term).get("effect")), factor);
        }
        assertEquals(15, effects.rows().stream().filter(r -> r.get("metric").equals("throughput_per_s")).count());

        String html = Files.readString(report.resolve("index.html"));
        assertTrue(html.contains("Effects of the fractional factorial design 2^(5-1) E=ABCD, resolution V"), html);
        assertTrue(html.contains("Defining relation: I = ABCDE."), html);
        assertTrue(html.contains("A = operation (− read, + write)"), html);
        assertFalse(analyze.err().contains("\tat "), analyze.err());
    }

    @Test
    void aBadGeneratorIsAUserErrorWithoutAStackTrace() throws Exception {
        Path studyFile = Files.writeString(dir.resolve("bad.yaml"), STUDY.replace("resolution: 5", "generators: [E=ABCF]"));
        MainTest.Run r = MainTest.run("generate", "--study", studyFile.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains(studyFile + ":10: field 'design.generators[0]': 'E=ABCF' uses F, but the design"
                + " has 5 two-level factors; valid:"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace for a user's mistake:\n" + r.err());
        assertFalse(Files.exists(dir.resolve("out")));
    }
}
