package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.cells.Agents;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.report.files.EnvironmentJson;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.ResultNames;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.cells.ValueCounts;
import org.dbstudy.analysis.cells.RunCollector;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.reading.Sample;

/** Bootstrap, names, manifest, environment and agents: the small parts the report relies on. */
class SmallPartsTest {
    @TempDir
    Path dir;

    @Test
    void withOneTargetAServerSettingIsTheBaselineOfTheComparison(@TempDir Path dir) throws Exception {
        // S2 on MariaDB alone: the thread pool against one thread per connection.
        Path file = Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,target,users,server.thread_handling\n"
                + "a,1,plans/a.jmx,mariadb,4,one-thread-per-connection\nb,1,plans/b.jmx,mariadb,4,pool-of-threads\n");
        Manifest m = Manifest.read(file);
        assertEquals(Optional.of(new org.dbstudy.analysis.statistics.Comparison("server.thread_handling",
                "one-thread-per-connection")), org.dbstudy.analysis.statistics.Comparison.choose(m, Optional.empty()));
        // analyze --baseline still chooses.
        assertEquals(Optional.of(new org.dbstudy.analysis.statistics.Comparison("server.thread_handling", "pool-of-threads")),
                org.dbstudy.analysis.statistics.Comparison.choose(m, Optional.of("server.thread_handling=pool-of-threads")));
    }

    @Test
    void pValuesArePrintedWithTheDigitsItTakesToTellThemFromAlpha() {
        // 0.0499 rounds to "0.050", which reads as not below 0.05: more digits instead.
        assertEquals("0.0499", org.dbstudy.analysis.report.format.Fmt.p(0.0499, 0.05));
        assertEquals("0.04996", org.dbstudy.analysis.report.format.Fmt.p(0.04996, 0.05));
        assertEquals("0.0504", org.dbstudy.analysis.report.format.Fmt.p(0.0504, 0.05));
        assertEquals("0.050", org.dbstudy.analysis.report.format.Fmt.p(0.05, 0.05), "exactly alpha: not below it");
        assertEquals("0.003", org.dbstudy.analysis.report.format.Fmt.p(0.003, 0.05));
        assertEquals("0.731", org.dbstudy.analysis.report.format.Fmt.p(0.7312, 0.05));
        assertEquals("5.7e-44", org.dbstudy.analysis.report.format.Fmt.p(5.7e-44, 0.05));
        for (double p = 0.0400; p < 0.0600; p += 0.0000137) {
            double shown = Double.parseDouble(org.dbstudy.analysis.report.format.Fmt.p(p, 0.05));
            assertEquals(p < 0.05, shown < 0.05, p + " printed as " + shown);
        }
    }

    @Test
    void bootstrapIsDeterministicForASeedAndCentredOnTheSample() {
        for (int n : new int[] {200, 50_000}) { // multinomial and Poisson paths
            ValueCounts counts = new ValueCounts();
            for (int i = 0; i < n; i++) {
                counts.add(10 + i % 90);
            }
            Distinct d = counts.distinct();
            double[][] a = Bootstrap.replicates(d, 7);
            assertArrayEquals(a[Bootstrap.MEAN], Bootstrap.replicates(d, 7)[Bootstrap.MEAN]);
            double meanOfMeans = java.util.Arrays.stream(a[Bootstrap.MEAN]).average().orElseThrow();
            assertEquals(d.mean(), meanOfMeans, 0.5, "n=" + n);
            double[] medians = a[Bootstrap.MEDIAN].clone();
            java.util.Arrays.sort(medians);
            assertTrue(medians[25] <= d.percentile(SampleStats.MEDIAN) && d.percentile(SampleStats.MEDIAN) <= medians[974]);
        }
    }

    /**
     * A series of few occupied seconds (a sample every 100 s) is kept sorted, a busy one per second; both read
     * back the same, and the sparse one switches without losing a count when it fills up.
     */
    @Test
    void secondSeriesReadsTheSameSparseAndDense() {
        org.dbstudy.analysis.cells.SecondSeries sparse = new org.dbstudy.analysis.cells.SecondSeries();
        for (int k = 9; k >= 0; k--) {
            sparse.add(1000 + 100L * k, 10 + k, k == 3);
        }
        sparse.threads(1300, 7);
        assertEquals(1000, sparse.firstSecond());
        assertEquals(901, sparse.length());
        assertEquals(1, sparse.samples(300));
        assertEquals(1, sparse.errors(300));
        assertEquals(13.0, sparse.meanMillis(300));
        assertEquals(7, sparse.threads(300));
        assertEquals(0, sparse.samples(301));
        assertTrue(Double.isNaN(sparse.meanMillis(301)));
        for (long second = 1000; second <= 1900; second++) {
            sparse.add(second, 1, false); // fills every second: switches to a slot per second
        }
        assertEquals(1000, sparse.firstSecond());
        assertEquals(901, sparse.length());
        assertEquals(2, sparse.samples(300));
        assertEquals(1, sparse.errors(300));
        assertEquals(7.0, sparse.meanMillis(300));
        assertEquals(7, sparse.threads(300));
        assertEquals(1, sparse.samples(301));
        org.dbstudy.analysis.cells.SecondSeries pooled = new org.dbstudy.analysis.cells.SecondSeries();
        pooled.add(1950, 5, false);
        pooled.addAll(sparse);
        assertEquals(951, pooled.length());
        assertEquals(2, pooled.samples(300));
        assertEquals(1, pooled.samples(950));
    }

    /** Few distinct values are kept as a sorted list, many in the array: the same distinct values either way. */
    @Test
    void valueCountsReadTheSameBeforeAndAfterTheirArray() {
        ValueCounts few = new ValueCounts();
        for (long v : new long[] {1999, 5, 20_000, 700, 5, -1}) {
            few.add(v);
        }
        Distinct d = few.distinct();
        assertArrayEquals(new long[] {-1, 5, 700, 1999, 20_000}, d.values());
        assertArrayEquals(new long[] {1, 2, 1, 1, 1}, d.counts());
        for (long v = 0; v < 300; v++) {
            few.add(v);
        }
        Distinct after = few.distinct();
        assertEquals(304, after.size());
        assertEquals(306, few.count());
        assertEquals(3, after.counts()[6]); // the value 5: twice before, once after
    }

    @Test
    void procedureStatementsAreSubResultsAndTearDownIsNotWorkload() {
        RunCollector run = new RunCollector(0, SampleSet.SUCCESS);
        Sample s = new Sample();
        s.success = true;
        s.threadName = "users 1-1";
        for (String label : new String[] {"setUp tpcc-load", "NewOrder", "NewOrder-getStock", "NewOrder-commit",
                "Payment", "tearDown tpcc-consistency", "Q5"}) {
            s.label = label;
            s.timeStamp = 1000;
            s.elapsed = 3;
            run.accept(s);
        }
        run.end();
        assertEquals(java.util.Set.of("NewOrder-getStock", "NewOrder-commit"), run.subResults());
        assertTrue(org.dbstudy.vocabulary.SampleLabels.isNotWorkload("tearDown tpcc-consistency"));
        assertTrue(org.dbstudy.vocabulary.SampleLabels.isNotWorkload("setUp tpcc-load"));
        assertFalse(org.dbstudy.vocabulary.SampleLabels.isNotWorkload("NewOrder"));
    }

    @Test
    void resultNamesMatchPlanNames() {
        assertEquals("read-users5", ResultNames.resultBase(Path.of("r/read-users5.jtl")));
        assertEquals("read-users5", ResultNames.resultBase(Path.of("read-users5.jtl.gz")));
        assertEquals("read-users5", ResultNames.resultBase(Path.of("read-users5.jtl.partial-12")));
        assertEquals("read-users5", ResultNames.resultBase(Path.of("read-users5.xml")));
        assertEquals("read-interval0.1-users5", org.dbstudy.vocabulary.ManifestColumns.planBase("plans/read-interval0.1-users5.jmx"));
        assertTrue(ResultNames.looksLikeResult(Path.of("a.jtl.partial-3")));
        assertTrue(!ResultNames.looksLikeResult(Path.of("manifest.csv")) && !ResultNames.looksLikeResult(Path.of("a.txt")));
    }

    @Test
    void manifestMapsResultsToCellsAndRejectsConflictingLevels() throws Exception {
        Path m = Files.writeString(dir.resolve("manifest.csv"),
                "cell,replicate,plan,operation,users\nc1,1,plans/r-5.jmx,read,5\nc1,2,plans/r-5.jmx,read,5\nc2,1,plans/r-10.jmx,read,10\n");
        Manifest manifest = Manifest.read(m);
        assertEquals(List.of("operation", "users"), manifest.factors());
        assertEquals(Optional.of("c2"), manifest.cellOf(Path.of("x/r-10.jtl.partial-1")));
        assertEquals(List.of("5", "10"), manifest.levelsOf("users"));
        Files.writeString(m, "cell,replicate,plan,users\nc1,1,a.jmx,5\nc1,2,a.jmx,6\n");
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> Manifest.read(m));
        assertTrue(e.getMessage().startsWith(m + ":3: cell: 'c1' has levels [6] here but [5]"), e.getMessage());
    }

    @Test
    void environmentJsonIsFlattenedAndErrorsNameTheLine() throws Exception {
        Path f = Files.writeString(dir.resolve("environment.json"),
                "{\n \"dbms\": \"PostgreSQL \\\"15\\\"\",\n \"server\": {\"cpus\": 2, \"os\": {\"name\": \"Debian\"}},\n \"flags\": [1, 2], \"ok\": true\n}");
        assertEquals(Map.of("dbms", "PostgreSQL \"15\"", "server.cpus", "2", "server.os.name", "Debian", "flags", "[1, 2]", "ok", "true"),
                EnvironmentJson.read(f));
        Files.writeString(f, "{\n \"a\": 1\n \"b\": 2\n}");
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> EnvironmentJson.read(f));
        assertTrue(e.getMessage().startsWith(f + ":3: json: expected ',' or '}'"), e.getMessage());
    }

    @Test
    void agentsComeFromDistributedThreadNames() {
        assertEquals("127.0.0.1:1099", Agents.parse("127.0.0.1:1099-users 1-1"));
        assertEquals("db-client-2:1100", Agents.parse("db-client-2:1100-Thread Group 1-3"));
        assertEquals(Agents.LOCAL, Agents.parse("users 1-1"));
        assertEquals(Agents.LOCAL, Agents.parse(""));
    }
}
