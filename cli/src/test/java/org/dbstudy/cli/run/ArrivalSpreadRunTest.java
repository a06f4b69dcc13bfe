package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.TreeMap;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real runs in stock JMeter: with the default start, 20 users at a 0.5 s interval arrive spread over
 * the first interval (about 4 per 100 ms); with {@code start: together} they arrive as one burst.
 * Each run also leaves the monitor's figures beside its JTL.
 */
class ArrivalSpreadRunTest {
    private static final String TABLE = "dbstudy_arrival_test";
    private static final String STUDY = """
            name: arrival-%s
            workload: {template: crud, parameters: {table: %s}}
            factors:
              operation: [read]
              users: [20]
              interval: [0.5]
              rows: [1]
            settings: {duration: 3, start: %s}
            """;

    @TempDir
    Path dir;

    @Test
    void usersStartSpreadOverTheFirstIntervalInsteadOfInOneBurst() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        ConnectionSettings db = new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, pg.url(), pg.user(), pg.password());
        try {
            int spread = largestStartBin(run("spread", db));
            int together = largestStartBin(run("together", db));
            System.out.println("[dbstudy] most samples in one 100 ms bin of the first second: spread " + spread
                    + ", together " + together);
            assertTrue(spread <= 8, "spread over 500 ms, 20 users make about 4 requests per 100 ms, found " + spread);
            assertTrue(together >= 10, "started together, the first requests come as one burst, found " + together);
        } finally {
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE IF EXISTS " + TABLE);
            }
        }
    }

    private Path run(String start, ConnectionSettings db) throws Exception {
        Study study = Studies.parse(start + ".yaml", STUDY.formatted(start, TABLE, start)).forDialect(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL);
        Path out = dir.resolve(start);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        StudyPipeline.Outcome outcome = new StudyRunner(study, db, out, List.of(), false, JMeterHome.locate(),
                new PrintStream(log, true, StandardCharsets.UTF_8), null, 60_000).run();
        assertEquals(1, outcome.done(), log.toString(StandardCharsets.UTF_8));
        Path jtl;
        try (var jtls = Files.list(out.resolve("results"))) {
            jtl = jtls.filter(p -> p.toString().endsWith(".jtl")).findFirst().orElseThrow();
        }
        // The runner's monitor wrote the cell's figures beside the JTL, under the same base name.
        String base = jtl.getFileName().toString().replace(".jtl", "");
        List<String> monitor = Files.readAllLines(out.resolve("monitor").resolve(base + ".csv"));
        assertEquals("timeStamp,source,metric,value,unit", monitor.get(0));
        assertTrue(monitor.stream().anyMatch(l -> l.contains(",database,commits,")), "database counters");
        assertTrue(monitor.stream().anyMatch(l -> l.contains(",host,cpu_user_pct,")), "host figures");
        return jtl;
    }

    /** The most users' samples in one 100 ms bin during the first second (two intervals) of the cell. */
    private static int largestStartBin(Path jtl) throws Exception {
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        List<String> header = org.dbstudy.vocabulary.files.Csv.split(lines.get(0));
        int time = header.indexOf("timeStamp");
        int thread = header.indexOf("threadName");
        List<Long> starts = lines.subList(1, lines.size()).stream().map(org.dbstudy.vocabulary.files.Csv::split)
                .filter(f -> f.get(thread).startsWith("users")).map(f -> Long.parseLong(f.get(time))).sorted().toList();
        assertTrue(starts.size() >= 40, "20 users ran for 3 s at 0.5 s: " + starts.size());
        long first = starts.get(0);
        TreeMap<Long, Integer> bins = new TreeMap<>();
        starts.stream().filter(t -> t - first < 1000).forEach(t -> bins.merge((t - first) / 100, 1, Integer::sum));
        return bins.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }
}
