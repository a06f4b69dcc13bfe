package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.cells.Pooling;
import org.dbstudy.analysis.cells.RunCollector;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.reading.Sample;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.cells.Spread;

/** Intervals that are honest about autocorrelation within a run and about variation between runs. */
class IntervalsTest {
    private static final double PHI = 0.9;
    private static final int IID_SIMULATIONS = 100;

    @TempDir
    Path dir;

    /**
     * An AR(1) series with phi = 0.9 (a slow moment is followed by slow moments), elapsed =
     * round(100 + 10 x): true mean 100 ms. Over many simulated runs the batch-means interval
     * covers 100 about 95% of the time; an i.i.d. bootstrap, which takes the samples as
     * independent, is about 4.4 times too narrow (sqrt((1 + phi) / (1 - phi))) and covers far less.
     */
    @Test
    void batchMeansCoverTheTrueMeanOfAnAutocorrelatedRunWhereAnIidBootstrapDoesNot() {
        SplittableRandom random = new SplittableRandom(20261123);
        int simulations = 300;
        int batchCovered = 0;
        int iidCovered = 0;
        for (int sim = 0; sim < simulations; sim++) {
            RunCollector run = new RunCollector(0, SampleSet.SUCCESS);
            Sample s = new Sample();
            s.label = "q";
            s.threadName = "t 1-1";
            s.success = true;
            double x = random.nextGaussian() / Math.sqrt(1 - PHI * PHI);
            for (int i = 0; i < 3000; i++) { // a sample every 10 ms: a 30 s run
                x = PHI * x + random.nextGaussian();
                s.elapsed = Math.max(0, Math.round(100 + 10 * x));
                s.timeStamp = 1_000_000 + i * 10L;
                run.accept(s);
            }
            Pooling pooling = new Pooling(SampleSet.SUCCESS);
            pooling.addRun("c", run);
            List<RunValues> runs = pooling.runValues("c");
            assertEquals(1, runs.size());
            // 1 s batches by end time: 30 s of starts, the last samples end in second 31.
            assertEquals(31, runs.get(0).batches());
            Spread spread = Spread.of(runs, RunValues.MEAN);
            assertEquals(Spread.Method.WITHIN_RUN, spread.method());
            double[] ci = spread.interval(runs.get(0).statistics()[RunValues.MEAN]);
            batchCovered += ci[0] <= 100 && 100 <= ci[1] ? 1 : 0;

            if (sim < IID_SIMULATIONS) { // 1000 resamples each: fewer runs tell enough
                double[] means = Bootstrap.replicates(pooling.cells().get("c").successTimes().distinct(), sim)[Bootstrap.MEAN];
                Arrays.sort(means);
                iidCovered += means[24] <= 100 && 100 <= means[974] ? 1 : 0;
            }
        }
        double batch = 100.0 * batchCovered / simulations;
        double iid = 100.0 * iidCovered / IID_SIMULATIONS;
        System.out.printf(java.util.Locale.ROOT, "AR(1) phi=%.1f, %d runs: batch means cover %.1f %%, i.i.d. bootstrap %.1f %%%n",
                PHI, simulations, batch, iid);
        assertTrue(batch >= 90 && batch <= 99, "batch means coverage " + batch + " %");
        assertTrue(iid < 60, "i.i.d. bootstrap coverage " + iid + " %");
    }

    /**
     * A/A: both targets run the same distribution three times, each run shifted by a run-level
     * effect (a server's state differs from run to run). Between runs the speedup interval contains
     * 1; comparing single runs, the within-run interval is narrow and misses 1.
     */
    @Test
    void anAaComparisonWithReplicatesHasASpeedupIntervalContainingOne() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,target\n");
        int[][] shifts = {{8, -6, 0}, {-5, 7, 1}};
        String[] targets = {"a", "b"};
        SplittableRandom random = new SplittableRandom(7);
        for (int t = 0; t < 2; t++) {
            for (int r = 1; r <= 3; r++) {
                String plan = targets[t] + (r == 1 ? "" : "-r" + r);
                manifest.append(targets[t]).append(',').append(r).append(",plans/").append(plan).append(".jmx,")
                        .append(targets[t]).append('\n');
                StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
                for (int i = 0; i < 600; i++) {
                    long elapsed = 100 + shifts[t][r - 1] + random.nextInt(-20, 21);
                    jtl.append(JtlReadingTest.row(1_000_000 + i * 50L, elapsed, "q", "200", "OK", true));
                }
                Files.writeString(results.resolve(plan + ".jtl"), jtl);
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        // Fields: ... 8 speedup, 9 ci95_low, 10 ci95_high, 11 interval_method, 12 baseline_runs, 13 treatment_runs
        List<String> between = meanSpeedup(List.of(results), dir.resolve("between"));
        assertEquals("between-runs", between.get(11), between.toString());
        assertEquals(List.of("3", "3"), between.subList(12, 14));
        assertTrue(Double.parseDouble(between.get(9)) < 1 && 1 < Double.parseDouble(between.get(10)), between.toString());

        List<String> single = meanSpeedup(List.of(results.resolve("a.jtl"), results.resolve("b.jtl")), dir.resolve("single"));
        assertEquals("within-run-only", single.get(11), single.toString());
        assertTrue(Double.parseDouble(single.get(9)) > 1, "run 1 of a is 8 ms slow, run 1 of b 5 ms fast: " + single);
        String summary = Files.readString(dir.resolve("single/summary.csv"));
        assertTrue(summary.contains(",success,1,") && summary.contains(",within-run-only,1"), summary);
        assertTrue(Files.readString(dir.resolve("single/index.html")).contains("within-run only"));
    }

    /** The speedup.csv row on the mean, as fields. */
    private List<String> meanSpeedup(List<Path> results, Path out) throws Exception {
        Analyzer.run(new AnalysisOptions(results, Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1, Optional.empty()));
        CsvTable table = CsvTable.read(out.resolve("speedup.csv"), "metric");
        assertEquals(List.of("factor", "baseline", "treatment", "baseline_cell", "treatment_cell", "metric", "baseline_ms",
                "treatment_ms", "speedup", "ci95_low", "ci95_high", "interval_method", "baseline_runs", "treatment_runs",
                "batch_s", "analysed_samples"), table.header());
        return table.rows().stream().map(CsvTable.Row::fields).filter(f -> f.get(5).equals("mean")).findFirst().orElseThrow();
    }

    /**
     * Failed samples that are fast (refused connections) pull the all-sample mean down. By default
     * response times, tests and intervals use the successful samples; summary.csv keeps JMeter's
     * all-sample numbers beside them.
     */
    @Test
    void failuresStayOutOfResponseTimesByDefaultAndAllSamplesIsAChoice() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nrefusing,1,plans/refusing.jmx,100\n"
                + "calm,1,plans/calm.jmx,5\n");
        StringBuilder refusing = new StringBuilder(JtlReadingTest.HEADER);
        StringBuilder calm = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 100; i++) {
            boolean ok = i % 2 == 0;
            refusing.append(JtlReadingTest.row(1_000_000 + i * 100L, ok ? 100 : 1, "q", ok ? "200" : "53300 0",
                    ok ? "OK" : "FATAL: too many clients", ok));
            calm.append(JtlReadingTest.row(1_000_000 + i * 100L, 90, "q", "200", "OK", true));
        }
        Files.writeString(results.resolve("refusing.jtl"), refusing);
        Files.writeString(results.resolve("calm.jtl"), calm);
        AnalysisOptions options = new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("ok"), 0, false, 1, Optional.empty());
        Analyzer.run(options);
        CsvTable summary = CsvTable.read(dir.resolve("ok/summary.csv"), "cell");
        List<String> row = summary.rows().get(0).fields();
        // span: 9900 ms of start times + 1 ms last elapsed
        assertEquals("50.5", row.get(summary.column("mean_ms")));
        assertEquals("50", row.get(summary.column("errors")));
        assertEquals("100", row.get(summary.column("success_mean_ms")));
        assertEquals("50", row.get(summary.column("successes")));
        assertEquals(50 * 1000.0 / 9901, Double.parseDouble(row.get(summary.column("success_per_s"))), 1e-12);
        assertEquals(50 * 1000.0 / 9901, Double.parseDouble(row.get(summary.column("failed_per_s"))), 1e-12);
        assertEquals("success", row.get(summary.column("analysed_samples")));
        // Mann-Whitney refusing vs calm: successful samples all slower (delta 1); with failures, a tie (delta 0).
        String tests = Files.readString(dir.resolve("ok/tests.csv"));
        assertTrue(tests.contains(",1,cliffs_delta,"), tests);
        // Each group's error rate beside the test: refusing (users 100) 50 %, calm 0 %.
        assertTrue(tests.lines().anyMatch(l -> l.startsWith("mann-whitney,users,,100 | 5,") && l.endsWith(",success,50 | 0,")), tests);
        Analyzer.run(options.withSamples(SampleSet.ALL));
        assertTrue(Files.readString(dir.resolve("ok/tests.csv")).contains(",0,cliffs_delta,"));
        assertTrue(Files.readString(dir.resolve("ok/summary.csv")).contains(",all,1,"));
        assertTrue(Files.readString(dir.resolve("ok/README.txt")).contains("all samples, failed ones included"));
    }

    /**
     * A report over few samples: two runs of one cell far apart (1 ms and 200 ms: a symmetric
     * t-interval with 1 df reached about -1160 ms), one run of four samples. No interval in
     * summary.csv, percentile-intervals.csv or the table figures draw from goes below 0.
     */
    @Test
    void aReportOverFewSamplesHasNoIntervalBelowZero() throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nwild,1,plans/wild.jmx,1\n"
                + "wild,2,plans/wild-r2.jmx,1\nfew,1,plans/few.jmx,2\n");
        StringBuilder fast = new StringBuilder(JtlReadingTest.HEADER);
        StringBuilder slow = new StringBuilder(JtlReadingTest.HEADER);
        StringBuilder few = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 3; i++) {
            fast.append(JtlReadingTest.row(1_000_000 + i * 1000L, 1, "q", "200", "OK", true));
            slow.append(JtlReadingTest.row(1_000_000 + i * 1000L, 200, "q", "200", "OK", true));
        }
        long[] elapsed = {1, 1, 2, 90};
        for (int i = 0; i < elapsed.length; i++) {
            few.append(JtlReadingTest.row(1_000_000 + i * 1000L, elapsed[i], "q", "200", "OK", true));
        }
        Files.writeString(results.resolve("wild.jtl"), fast);
        Files.writeString(results.resolve("wild-r2.jtl"), slow);
        Files.writeString(results.resolve("few.jtl"), few);
        Path out = dir.resolve("few-report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));

        CsvTable summary = CsvTable.read(out.resolve("summary.csv"), "cell");
        int intervals = 0;
        for (CsvTable.Row row : summary.rows()) {
            for (String column : List.of("mean_ci95_low", "mean_ci95_high")) {
                String v = row.fields().get(summary.column(column));
                if (!v.isEmpty()) {
                    intervals++;
                    assertTrue(Double.parseDouble(v) >= 0, column + " of " + row.fields());
                }
            }
        }
        assertTrue(intervals > 0, "some cell has an interval: " + summary.rows());
        CsvTable percentiles = CsvTable.read(out.resolve("percentile-intervals.csv"), "cell");
        assertTrue(!percentiles.rows().isEmpty());
        for (CsvTable.Row row : percentiles.rows()) {
            assertTrue(Double.parseDouble(row.fields().get(percentiles.column("ci95_low"))) >= 0, row.fields().toString());
        }
        for (org.dbstudy.analysis.report.figures.FigureTable.Row row : org.dbstudy.analysis.report.figures.FigureTable.summary(out).rows()) {
            row.intervals().forEach((column, ci) -> assertTrue(!(ci[0] < 0), column + " of " + row.name()));
        }
        // The wild cell: mean 100.5, se 99.5 over 2 runs: on the log scale 100.5 * exp(-+12.706 * 0.990).
        Spread wild = new Spread(99.5 * 99.5, 1, Spread.Method.BETWEEN_RUNS, 2, Double.NaN);
        double[] ci = wild.interval(100.5);
        assertEquals(100.5 * Math.exp(-12.7062047 * 99.5 / 100.5), ci[0], 1e-9);
        assertEquals(100.5 * Math.exp(12.7062047 * 99.5 / 100.5), ci[1], 1e-3 * ci[1]);
        assertTrue(wild.interval(99).length == 2 && Double.isNaN(wild.interval(99)[0]), "se 99.5 > mean 99: too few runs");
        assertTrue(wild.tooFewForAnInterval(99) && !wild.tooFewForAnInterval(100.5));
    }
}
