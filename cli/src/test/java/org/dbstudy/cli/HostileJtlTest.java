package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile JTLs of issue 46 (item 8) through {@code analyze} as users run it: a child JVM with
 * {@code bin/dbstudy}'s heap (-Xmx384m, serial GC), so that an OutOfMemoryError, a stack trace or a wrong
 * exit status shows. Each file is a 60 s run at 200 samples/s; one row's timeStamp is from another era.
 * Each must give either a correct analysis (throughput about 200/s, the row named in one warning line) or
 * one line naming file, line and field; never a stack trace.
 */
class HostileJtlTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect\n";
    private static final long START = 1_700_000_000_000L;
    private static final int ROWS = 12_000;

    @TempDir
    Path dir;

    /** Exit status and everything the child printed. */
    private record Analysis(int status, String output, Path out) {
        void noStackTrace() {
            assertFalse(output.contains("\tat ") || output.contains("Exception") || output.contains("Error:"), output);
        }
    }

    @Test
    void aTimeStampIn2100IsNamedAndLeftOut() throws Exception {
        Analysis a = analyze(jtl("y2100.jtl", Map.of(5000, 4_102_444_800_000L)));
        a.noStackTrace();
        assertEquals(0, a.status(), a.output());
        assertTrue(a.output().contains("y2100.jtl:5002: timeStamp 4102444800000 (2100-01-01T00:00:00Z) is 76 years after"
                + " the file's other samples; left out"), a.output());
        assertThroughputNear200(a, ROWS - 1);
    }

    @Test
    void a1970TimeStampInTheFirstRowDoesNotSetTheRunsClock() throws Exception {
        Analysis a = analyze(jtl("first1970.jtl", Map.of(0, 1000L)));
        a.noStackTrace();
        assertEquals(0, a.status(), a.output());
        assertTrue(a.output().contains("first1970.jtl:2: timeStamp 1000 (1970-01-01T00:00:01Z) is 54 years before"), a.output());
        assertThroughputNear200(a, ROWS - 1);
    }

    /** Before: no word, and a throughput of 0.0000071/s (12,000 samples over 54 years). */
    @Test
    void a1970TimeStampMidFileLeavesTheThroughputRight() throws Exception {
        Analysis a = analyze(jtl("mid1970.jtl", Map.of(6000, 1000L)));
        a.noStackTrace();
        assertEquals(0, a.status(), a.output());
        assertTrue(a.output().contains("mid1970.jtl:6002: timeStamp 1000"), a.output());
        assertThroughputNear200(a, ROWS - 1);
    }

    @Test
    void strictRefusesAFarTimeStampInOneLine() throws Exception {
        Analysis a = analyze(jtl("strict.jtl", Map.of(5000, 4_102_444_800_000L)), "--strict");
        a.noStackTrace();
        assertEquals(2, a.status(), a.output());
        assertTrue(a.output().contains("strict.jtl:5002: timeStamp: 4102444800000 (2100-01-01T00:00:00Z) is 76 years"),
                a.output());
    }

    /**
     * 2,000 labels without a manifest (each a cell) over an hour: before, 4 million pairwise tests, per-second
     * arrays of every label and a page of 250 inlined figures each ran out of the heap. Response times spread
     * 1-2000 ms, as real ones do.
     */
    @Test
    void twoThousandLabelsAreAnalysedWithinTheHeap() throws Exception {
        Path file = dir.resolve("labels2000.jtl");
        SplittableRandom random = new SplittableRandom(46);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            for (int i = 0; i < 40_000; i++) {
                long elapsed = Math.min(2000, 1 + (long) Math.exp(random.nextDouble() * random.nextDouble() * 7.6));
                w.write(row(START + i * 90L, elapsed, "q" + (i % 2000), i));
            }
        }
        Analysis a = analyze(file);
        a.noStackTrace();
        assertEquals(0, a.status(), a.output());
        assertTrue(a.output().contains("2000 cells, 40000 samples"), a.output());
        assertEquals(2001, Files.readAllLines(a.out().resolve("summary.csv")).size());
    }

    /** 100,000 labels: one line naming the first label past the limit, its file and line, and the limit. */
    @Test
    void aHundredThousandLabelsAreRefusedInOneLine() throws Exception {
        Path file = dir.resolve("labels100k.jtl");
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            for (int i = 0; i < 100_000; i++) {
                w.write(row(START + i * 5L, 10, "q" + i, i));
            }
        }
        Analysis a = analyze(file);
        a.noStackTrace();
        assertEquals(2, a.status(), a.output());
        assertTrue(a.output().contains("labels100k.jtl:2002: label: 'q2000' is label number 2001; the analysis takes at"
                + " most 2000 distinct labels"), a.output());
    }

    private static String row(long timeStamp, long elapsed, String label, int i) {
        return timeStamp + "," + elapsed + "," + label + ",200,OK,users 1-" + (i % 4 + 1) + ",text,true,,100,64,4,4,,5,0,0\n";
    }

    /** A 60 s run at 200/s of one label, with the rows of {@code timeStamps} (0-based) stamped otherwise. */
    private Path jtl(String name, Map<Integer, Long> timeStamps) throws IOException {
        Path file = dir.resolve(name);
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(HEADER);
            for (int i = 0; i < ROWS; i++) {
                w.write(row(timeStamps.getOrDefault(i, START + i * 5L), 10 + i % 7, "q", i));
            }
        }
        return file;
    }

    private static void assertThroughputNear200(Analysis a, int samples) throws IOException {
        List<String> summary = Files.readAllLines(a.out().resolve("summary.csv"));
        List<String> header = List.of(summary.get(0).split(","));
        String[] row = summary.get(1).split(",");
        assertEquals(samples, Long.parseLong(row[header.indexOf("samples")]));
        double throughput = Double.parseDouble(row[header.indexOf("throughput_per_s")]);
        assertTrue(Math.abs(throughput - 200) < 1, "throughput " + throughput + "/s, expected about 200/s");
    }

    /** {@code analyze} in a JVM of its own with bin/dbstudy's heap and collector. */
    private Analysis analyze(Path jtl, String... more) throws Exception {
        Path out = dir.resolve("out-" + jtl.getFileName());
        List<String> cmd = new java.util.ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Xmx384m", "-XX:+UseSerialGC", "-Djava.awt.headless=true", "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName(),
                "analyze", "--results", jtl.toString(), "--out", out.toString()));
        cmd.addAll(List.of(more));
        Path log = dir.resolve(jtl.getFileName() + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("analyze of " + jtl + " did not end in 5 minutes");
        }
        return new Analysis(p.exitValue(), Files.readString(log), out);
    }
}
