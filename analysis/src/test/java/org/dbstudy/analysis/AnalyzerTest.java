package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.report.validity.Validity;

/** End to end: a small study directory in, every output file out. */
class AnalyzerTest {
    /** summary.csv's statistic columns without the coordinated-omission ones, as written before the column table. */
    private static final String CELL_STATISTICS = "samples,errors,error_pct,mean_ms,median_ms,p90_ms,p95_ms,p99_ms,min_ms,"
            + "max_ms,stddev_ms,throughput_per_s,successes,success_mean_ms,success_median_ms,success_p90_ms,success_p95_ms,"
            + "success_p99_ms,success_min_ms,success_max_ms,success_stddev_ms,success_per_s,failed_per_s,analysed_samples,"
            + "runs,mean_ci95_low,mean_ci95_high,interval_method,batch_s,connects,connect_mean_ms,connect_max_ms,"
            + "first_samples,first_samples_above_p99,retrying_at_end,designed_per_s,offered_per_s,achieved_per_s,"
            + "lag_samples,lag_p50_ms,lag_p99_ms,lag_max_ms,lag_bound_ms,offered_share,offered_share_bound,"
            + "behind_schedule,priming_s,priming_share";

    @TempDir
    Path dir;

    private Path results;
    private Path out;

    private AnalysisOptions options(Optional<Path> manifest, double warmup, Optional<String> baseline) {
        return new AnalysisOptions(List.of(results), manifest, out, warmup, false, 42, baseline);
    }

    /** One run: {@code n} samples of label {@code q}, elapsed = base + i % 5, 100 ms apart, plus sub-results. */
    private static String run(int n, int base, int errorsEvery) {
        StringBuilder s = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < n; i++) {
            boolean ok = errorsEvery == 0 || i % errorsEvery != 0;
            long ts = 1_000_000 + i * 100L;
            s.append(JtlReadingTest.row(ts, base + i % 5, "q", ok ? "200" : "53300 0", ok ? "OK" : "FATAL: too many clients", ok)
                    .replace("t 1-1", "127.0.0.1:1099-g 1-" + (i % 3)));
            // A sub-result row (JMeter's Parent-N): must not count in the cell.
            s.append(JtlReadingTest.row(ts, 1, "q-0", "200", "OK", true));
        }
        return s.toString();
    }

    private void study() throws IOException {
        results = Files.createDirectories(dir.resolve("results"));
        out = dir.resolve("out");
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,target,users\n");
        int cell = 0;
        for (String target : List.of("old", "new")) {
            for (int users : List.of(5, 10)) {
                String name = "c" + (++cell);
                String plan = target + "-users" + users;
                manifest.append(name).append(",1,plans/").append(plan).append(".jmx,").append(target).append(',').append(users).append('\n');
                int base = (target.equals("old") ? 20 : 10) * (users / 5);
                Files.writeString(results.resolve(plan + ".jtl"), run(40, base, users == 10 ? 4 : 0));
            }
        }
        manifest.append("c1,2,plans/old-users5.jmx,old,5\n");
        Files.writeString(dir.resolve("manifest.csv"), manifest.toString());
        // Second replicate of c1 as an interrupted run, gzip-compressed partial file.
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(results.resolve("old-users5.jtl.partial-1")))) {
            o.write(run(10, 20, 0).getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(dir.resolve("run-status.csv"), "cell,replicate,status,reason,started,finished\n"
                + "c1,1,done,,1,2\nc1,2,failed,\"agent lost, restarted\",3,4\n");
        Files.writeString(dir.resolve("environment.json"), "{\"dbms\": \"PostgreSQL 15.8\", \"server\": {\"cpus\": 2, \"ram\": \"8 GB\"}}");
        Files.writeString(results.resolve("notes.csv"), "not,a,jtl\n1,2,3\n");
    }

    @Test
    void aStudyDirectoryYieldsEveryOutputWithCellsPooledAndSubResultsKeptApart() throws Exception {
        study();
        AnalysisReport report = Analyzer.run(options(Optional.of(dir.resolve("manifest.csv")), 0, Optional.empty()));
        assertEquals(4, report.cells());
        assertEquals(4 * 40 + 10, report.samples());
        assertTrue(report.warnings().isEmpty(), report.warnings().toString());

        List<String> summary = Files.readAllLines(report.summaryCsv());
        assertEquals("cell,target,users," + CELL_STATISTICS + ",errors_too_many_connections," + String.join(",", Validity.COLUMNS),
                summary.get(0));
        // c1: 40 + 10 samples, elapsed 20..24, no errors, pooled spans 3.9 s + 0.9 s (+ last elapsed).
        assertTrue(summary.get(1).startsWith("c1,old,5,50,0,0,22,22,24,24,24,20,24,"), summary.get(1));
        // c2 (users 10): every 4th sample refused.
        assertTrue(summary.get(2).startsWith("c2,old,10,40,10,25,42,42,44,44,44,40,44,1.4142135623730951,"), summary.get(2));
        assertTrue(summary.get(2).endsWith(",10,not assessed," + Validity.NO_MONITOR), "10 refused, no threat found, no monitor: "
                + summary.get(2));

        List<String> labels = Files.readAllLines(out.resolve("labels.csv"));
        assertTrue(labels.contains(labels.stream().filter(l -> l.startsWith("q-0,true,170,")).findFirst().orElse("missing q-0")));
        assertEquals("127.0.0.1:1099,170,20,11.764705882352942", Files.readAllLines(out.resolve("agents.csv")).get(1));

        List<String> speedups = Files.readAllLines(out.resolve("speedup.csv"));
        assertEquals("factor,baseline,treatment,baseline_cell,treatment_cell,users,metric,baseline_ms,treatment_ms,speedup,"
                + "ci95_low,ci95_high,interval_method,baseline_runs,treatment_runs,batch_s,analysed_samples", speedups.get(0));
        assertEquals(1 + 2 * 3, speedups.size());
        assertTrue(speedups.get(1).startsWith("target,old,new,c1,c3,5,mean,"), speedups.get(1));

        String tests = Files.readString(out.resolve("tests.csv"));
        assertTrue(tests.contains("kruskal-wallis,users,target=old,5 | 10,"), tests);
        assertTrue(tests.contains("mann-whitney,target,users=5,old | new,"), tests);

        String html = Files.readString(report.indexHtml());
        assertTrue(html.contains("PostgreSQL 15.8") && html.contains("server.cpus"), "environment table");
        assertTrue(html.contains("agent lost, restarted"), "failed run reason");
        // One row per Kruskal-Wallis test: factor, the others' setting, the levels compared, error % by level.
        assertTrue(html.contains("<td>users</td><td>target=old</td><td>5, 10</td>"), "tests as a table");
        assertTrue(Files.readString(out.resolve("README.txt")).contains("k = max(1, Math.round(n * p))"));
        try (var pngs = Files.list(out)) {
            assertTrue(pngs.filter(p -> p.toString().endsWith(".png")).count() >= 3, "charts");
        }
        // What the page needs, by default: PNG and SVG of each figure, no PDF (written only when asked).
        try (var files = Files.list(out)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertTrue(names.contains("over-time-1.png") && names.contains("over-time-1.svg"), names.toString());
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".pdf")), names.toString());
        }
        assertTrue(Files.readString(out.resolve("captions.txt")).contains("over-time-1.png over-time-1.svg\n"),
                "captions list the files written");
        // c1 has two runs: its over-time throughput is their mean per second, and says so (not their sum).
        String c1 = Files.readString(out.resolve("cell-1-over-time.svg"));
        assertTrue(c1.contains("successful/s (mean of 2 runs)"), "legend of the per-run mean");
    }

    @Test
    void speedupsAreReproducibleForASeed() throws Exception {
        study();
        Analyzer.run(options(Optional.of(dir.resolve("manifest.csv")), 0, Optional.of("target=new")));
        String first = Files.readString(out.resolve("speedup.csv"));
        Analyzer.run(options(Optional.of(dir.resolve("manifest.csv")), 0, Optional.of("new")));
        assertEquals(first, Files.readString(out.resolve("speedup.csv")));
        assertTrue(first.lines().skip(1).allMatch(l -> l.startsWith("target,new,old,")), first);
    }

    @Test
    void withoutAManifestEachTopLevelLabelIsACell() throws Exception {
        results = Files.createDirectories(dir.resolve("r"));
        out = dir.resolve("o");
        Files.writeString(results.resolve("a.jtl"), run(30, 10, 0) + run(30, 50, 0).replace(",q,", ",p,").replace(",q-0,", ",p-0,")
                .substring(JtlReadingTest.HEADER.length()));
        AnalysisReport report = Analyzer.run(options(Optional.empty(), 0, Optional.empty()));
        assertEquals(2, report.cells());
        List<String> summary = Files.readAllLines(report.summaryCsv());
        assertEquals("cell," + CELL_STATISTICS + "," + String.join(",", Validity.COLUMNS), summary.get(0));
        // The labels of one plan are different samplers: no test across them (tests.csv has its header only).
        assertEquals(1, Files.readAllLines(out.resolve("tests.csv")).size());
        assertFalse(Files.readString(out.resolve("speedup.csv")).lines().skip(1).findAny().isPresent());
    }

    @Test
    void connectTimesAreSummarisedOverTheSamplesThatConnected() throws Exception {
        results = Files.createDirectories(dir.resolve("r"));
        out = dir.resolve("o");
        // Each of 3 threads connects once (30, 40, 80 ms); other samples reuse the connection (Connect 0).
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,success,threadName,Connect\n");
        long[] connect = {30, 40, 80};
        for (int i = 0; i < 30; i++) {
            jtl.append(1_000_000 + i * 10L).append(",5,q,true,t 1-").append(i % 3).append(',')
                    .append(i < 3 ? connect[i] : 0).append('\n');
        }
        Files.writeString(results.resolve("a.jtl"), jtl);
        Analyzer.run(options(Optional.empty(), 0, Optional.empty()));
        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "connects");
        List<String> row = summary.rows().get(0).fields();
        assertEquals("3", row.get(summary.column("connects")));
        assertEquals("50", row.get(summary.column("connect_mean_ms")));
        assertEquals("80", row.get(summary.column("connect_max_ms")));
    }

    @Test
    void threadsFirstSamplesAboveTheCellsP99AreCounted() throws Exception {
        results = Files.createDirectories(dir.resolve("r"));
        out = dir.resolve("o");
        // 4 threads x 50 samples of 5 ms; the first samples of threads 0 and 1 take 900 and 800 ms,
        // thread 2's first takes 5 ms like the rest, thread 3's 6 ms: p99 (k = round(200 * 0.99) = 198) is 6.
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,success,threadName,Connect\n");
        long[] first = {900, 800, 5, 6};
        for (int i = 0; i < 200; i++) {
            int thread = i % 4;
            jtl.append(1_000_000 + i * 10L).append(',').append(i < 4 ? first[thread] : 5).append(",q,true,t 1-")
                    .append(thread).append(",0\n");
        }
        Files.writeString(results.resolve("a.jtl"), jtl);
        Analyzer.run(options(Optional.empty(), 0, Optional.empty()));
        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "first_samples");
        List<String> row = summary.rows().get(0).fields();
        assertEquals("6", row.get(summary.column("p99_ms")));
        assertEquals("4", row.get(summary.column("first_samples")));
        assertEquals("2", row.get(summary.column("first_samples_above_p99")));
    }

    @Test
    void setUpSamplesAndTheSamplersSubResultsStayOutOfCells() throws Exception {
        results = Files.createDirectories(dir.resolve("r"));
        out = dir.resolve("o");
        String setUp = JtlReadingTest.row(5_000, 900, "setUp load rows", "200", "OK", true);
        String subs = JtlReadingTest.row(1_001_950, 2, "q-lock", "200", "OK", true)
                + JtlReadingTest.row(1_001_950, 3, "q-stmt1", "200", "OK", true)
                + JtlReadingTest.row(1_001_950, 1, "q-commit", "200", "OK", true);
        Files.writeString(results.resolve("a.jtl"), JtlReadingTest.HEADER + setUp
                + run(20, 10, 0).substring(JtlReadingTest.HEADER.length()) + subs);
        AnalysisReport report = Analyzer.run(options(Optional.empty(), 1.0, Optional.empty()));
        // The warm-up clock starts at the workload's first sample, not at setUp (1 s drops 10 samples).
        assertEquals(1, report.cells());
        assertEquals(10, report.samples());
        String labels = Files.readString(out.resolve("labels.csv"));
        for (String label : List.of("q-lock,true,1,", "q-stmt1,true,1,", "q-commit,true,1,", "setUp load rows,false,1,")) {
            assertTrue(labels.contains("\n" + label), label + " in " + labels);
        }
    }

    @Test
    void warmUpDropsTheFirstSecondsOfEachRun() throws Exception {
        results = Files.createDirectories(dir.resolve("r"));
        out = dir.resolve("o");
        Files.writeString(results.resolve("a.jtl"), run(40, 10, 0));
        // Samples are 100 ms apart: a 1 s warm-up drops the first 10 of each label.
        assertEquals(30, Analyzer.run(options(Optional.empty(), 1.0, Optional.empty())).samples());
    }

    @Test
    void cutOffFilesAndBadLinesAreWarnings() throws Exception {
        results = Files.createDirectories(dir.resolve("r"));
        out = dir.resolve("o");
        Files.writeString(results.resolve("a.jtl"), run(5, 10, 0) + "1000,x,q,200,OK,t,text,true,,1,1,1,1,,1,0,1\n1000,3,q,2");
        List<String> warnings = Analyzer.run(options(Optional.empty(), 0, Optional.empty())).warnings();
        assertEquals(2, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("a.jtl:13: file cut off here"), warnings.get(0));
        assertTrue(warnings.get(1).contains("1 bad line(s) skipped; first: ") && warnings.get(1).contains("a.jtl:12: elapsed: 'x'"),
                warnings.get(1));
    }

    @Test
    void userMistakesAreInputExceptionsNamingFileAndLine() throws Exception {
        results = dir.resolve("missing");
        out = dir.resolve("o");
        AnalysisInputException e = assertThrows(AnalysisInputException.class,
                () -> Analyzer.run(options(Optional.empty(), 0, Optional.empty())));
        assertEquals(results + ":1: results: no such file or directory; give JTL files or directories that hold them", e.getMessage());

        results = Files.createDirectories(dir.resolve("r"));
        Files.write(results.resolve("broken.jtl.gz"), new byte[] {0x1f, (byte) 0x8b, 1, 2, 3});
        e = assertThrows(AnalysisInputException.class, () -> Analyzer.run(options(Optional.empty(), 0, Optional.empty())));
        assertTrue(e.getMessage().startsWith(results.resolve("broken.jtl.gz") + ":1: gzip: "), e.getMessage());

        Path manifest = Files.writeString(dir.resolve("manifest.csv"), "cell,plan\nc1,p.jmx\n");
        e = assertThrows(AnalysisInputException.class, () -> Analyzer.run(options(Optional.of(manifest), 0, Optional.empty())));
        assertTrue(e.getMessage().startsWith(manifest + ":1: header: no 'replicate' column"), e.getMessage());

        Files.writeString(manifest, "cell,replicate,plan,target\nc1,1,p.jmx,a\nc2,1,q.jmx,b\n");
        e = assertThrows(AnalysisInputException.class, () -> Analyzer.run(options(Optional.of(manifest), 0, Optional.of("zzz"))));
        assertEquals(manifest + ":1: --baseline: 'zzz' is not a level of target; valid: [a, b]", e.getMessage());
    }
}
