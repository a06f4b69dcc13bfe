package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dbstudy figure}: draws from summary.csv alone; a bad flag names itself and the valid values, exit 2. */
class FigureCommandTest {
    @TempDir
    Path report;

    @BeforeEach
    void aReportWithSummaryCsvOnly() throws Exception {
        StringBuilder csv = new StringBuilder("cell,operation,users,samples,errors,error_pct,mean_ms,median_ms,p90_ms,"
                + "p95_ms,p99_ms,min_ms,max_ms,stddev_ms,throughput_per_s\n");
        for (String op : new String[] {"read", "write"}) {
            for (int users : new int[] {5, 10, 20}) {
                double mean = users * (op.equals("read") ? 1 : 3);
                csv.append(op).append(users).append(',').append(op).append(',').append(users)
                        .append(",100,0,0,").append(mean).append(',').append(mean).append(',').append(mean * 2)
                        .append(',').append(mean * 2).append(',').append(mean * 3).append(",1,99,2.5,40\n");
            }
        }
        Files.writeString(report.resolve("summary.csv"), csv.toString());
    }

    @Test
    void drawsTheChosenFigureInTheChosenFormats() throws Exception {
        MainTest.Run r = MainTest.run("figure", report.toString(), "--stat", "p90_ms", "--x", "users", "--line", "operation",
                "--format", "png,pdf", "--size", "640x400", "--name", "p90");
        assertEquals(0, r.status(), r.err());
        assertTrue(Files.size(report.resolve("p90.png")) > 1000);
        assertTrue(Files.readString(report.resolve("p90.pdf"), java.nio.charset.StandardCharsets.ISO_8859_1).startsWith("%PDF"));
        assertFalse(Files.exists(report.resolve("p90.svg")), "only the formats asked for");
        assertTrue(r.out().contains("p90.png"), r.out());
    }

    @Test
    void anUnknownStatisticNamesTheFlagAndTheColumns() {
        MainTest.Run r = MainTest.run("figure", report.toString(), "--stat", "p91_ms");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--stat 'p91_ms' is not a column of summary.csv; valid: samples, errors, error_pct, mean_ms"),
                r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }

    @Test
    void badFactorsFormatsAndSizesNameTheirFlag() {
        assertBad("--x 'operation' is not a numeric factor of summary.csv; valid: users", "--x", "operation");
        assertBad("--line 'rows' is not a factor; valid: operation, users, none", "--line", "rows");
        assertBad("--panel factor 'operation' has levels [read, write] but is on no axis", "--line", "none", "--panel", "none");
        assertBad("--format 'gif'; valid: png, svg, pdf", "--format", "gif");
        assertBad("--size 12: give WIDTHxHEIGHT", "--size", "12");
        assertBad("--kind 'pie'; valid: lines, stress, speedup, improvement, statements", "--kind", "pie");
        assertBad("--where 'users=7' is not a level of users; valid: 5, 10, 20".replace("'users=7'", "'7'"), "--where", "users=7");
    }

    @Test
    void aDirectoryWithoutSummaryCsvIsNamed() {
        MainTest.Run r = MainTest.run("figure", report.resolve("nothing").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("has no summary.csv; give the report directory"), r.err());
    }

    private void assertBad(String expected, String... flags) {
        String[] args = new String[flags.length + 2];
        args[0] = "figure";
        args[1] = report.toString();
        System.arraycopy(flags, 0, args, 2, flags.length);
        MainTest.Run r = MainTest.run(args);
        assertEquals(2, r.status(), String.join(" ", flags));
        assertTrue(r.err().contains(expected), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace");
    }
}
