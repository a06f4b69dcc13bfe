package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.report.figures.FigureSpec;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.junit.jupiter.api.Test;

/** {@link ReportColumn} and {@link ColumnTable} are the one column list: the docs' table, claims and figures agree with it. */
class ReportColumnsTest {
    private static final Path DOC = Path.of("..", "docs", "analysis.md");
    private static final String START = "<!-- column table: generated from ReportColumn and ColumnTable by ReportColumnsTest -->";
    private static final String END = "<!-- end of column table -->";

    @Test
    void theColumnTableInTheDocsIsTheTable() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);
        String expected = table();
        if (Boolean.getBoolean("regenerate") && start >= 0 && end > start) {
            doc = doc.substring(0, start + START.length()) + "\n" + expected + doc.substring(end);
            Files.writeString(DOC, doc, StandardCharsets.UTF_8);
            start = doc.indexOf(START);
            end = doc.indexOf(END);
        }
        assertTrue(start >= 0 && end > start, DOC + " has no column table between the markers " + START + " and " + END);
        assertEquals(expected, doc.substring(start + START.length() + 1, end),
                DOC + "'s column table differs from ReportColumn/ColumnTable; regenerate with "
                        + "mvn -q -o -pl analysis -am test -Dtest=ReportColumnsTest -Dsurefire.failIfNoSpecifiedTests=false -Dregenerate=true");
    }

    /** The docs' table: one row per column, its description where a run of columns said together ends. */
    private static String table() {
        StringBuilder sb = new StringBuilder("| column | unit | over | page | claims | designs | what it is |\n"
                + "|---|---|---|---|---|---|---|\n");
        List<ReportColumn> all = Arrays.asList(ReportColumn.values());
        for (int i = 0; i < all.size(); i++) {
            ReportColumn c = all.get(i);
            String description = ColumnTable.description(c).replace("\n", " ").replaceAll(" {2,}", " ").strip();
            if (c.allSamples().isPresent()) {
                description = "`" + c.allSamples().get().id() + "` over the successful samples";
            } else if (description.isEmpty()) {
                ReportColumn next = all.stream().skip(i + 1).filter(n -> !ColumnTable.description(n).isEmpty()).findFirst().get();
                description = "see `" + next.id() + "`";
            }
            sb.append("| `").append(c.id()).append("` | ").append(c.unit().name().toLowerCase(java.util.Locale.ROOT))
                    .append(" | ").append(c.part().name().toLowerCase(java.util.Locale.ROOT))
                    .append(" | ").append(c.heading().orElse(""))
                    .append(" | ").append(c.metric().map(m -> "`" + m + "`").orElse(""))
                    .append(" | ").append(c.design() ? "yes" : "")
                    .append(" | ").append(description.replace("|", "\\|")).append(" |\n");
        }
        return sb.toString();
    }

    @Test
    void namesAreUniqueAndEveryRunOfColumnsIsDescribed() {
        Set<String> ids = new HashSet<>();
        for (ReportColumn c : ReportColumn.values()) {
            assertTrue(ids.add(c.id()), c.id());
            assertEquals(c, ReportColumn.byId(c.id()).orElseThrow());
        }
        ReportColumn[] all = ReportColumn.values();
        assertFalse(ColumnTable.description(all[all.length - 1]).isEmpty(), "the last column's run has no text");
        for (ReportColumn c : all) {
            c.allSamples().ifPresent(twin -> {
                assertEquals(ReportColumn.Part.ALL, twin.part(), c.id());
                assertEquals(c, twin.successes().orElseThrow(), c.id());
            });
        }
    }

    @Test
    void claimsNameTheMetricsTheyAlwaysHadAndOnlyStatisticsOfSamples() {
        // The ids study files and reference files have always used stay valid; a new column may add one.
        assertTrue(ReportColumn.metrics().containsAll(List.of("mean", "median", "p90", "p95", "p99", "throughput",
                "error_percent")), ReportColumn.metrics().toString());
        for (String id : ReportColumn.metrics()) {
            Claim.Metric m = Claim.Metric.byId(id);
            assertEquals(id, m.id());
            assertEquals(ReportColumn.Part.ALL, m.column().part(), id);
        }
        assertEquals(Claim.Metric.P99, Claim.Metric.byId("p99"));
        assertEquals("ms", Claim.Metric.P99.unit());
        assertEquals("%", Claim.Metric.ERROR_PERCENT.unit());
        assertNull(Claim.Metric.byId("p99_ms"));
        assertNull(Claim.Metric.byId("P99"));
    }

    @Test
    void percentileColumnsAreJMetersOnTheGroupsValues() {
        long[] values = new long[1000];
        long[] counts = new long[1000];
        for (int i = 0; i < 1000; i++) {
            values[i] = i + 1;
            counts[i] = 1;
        }
        // k = max(1, round(n * p)) with JMeter's float fractions: the 500th, 900th, 950th and 990th value.
        ColumnTable.Group g = new ColumnTable.Group(null, new Distinct(values, counts));
        assertEquals(500, ColumnTable.of(ReportColumn.MEDIAN_MS, g).number());
        assertEquals(900, ColumnTable.of(ReportColumn.P90_MS, g).number());
        assertEquals(950, ColumnTable.of(ReportColumn.P95_MS, g).number());
        assertEquals(990, ColumnTable.of(ReportColumn.P99_MS, g).number());
        assertEquals(SampleStats.P90, ColumnTable.fraction(90));
    }

    @Test
    void axesAndCountsComeFromTheTable() {
        assertEquals("99% line (ms)", FigureSpec.axisLabel("p99_ms"));
        assertEquals("mean response time (ms), successful samples", FigureSpec.axisLabel("success_mean_ms"));
        assertEquals("successful samples/s", FigureSpec.axisLabel("success_per_s"));
        assertEquals("host_cpu_mean_pct", FigureSpec.axisLabel("host_cpu_mean_pct"));
        List<String> counts = new ArrayList<>();
        for (String c : List.of("samples", "errors", "errors_deadlock", "mean_ms", "successes", "error_pct")) {
            if (FigureSpec.countColumn(c)) {
                counts.add(c);
            }
        }
        assertEquals(List.of("samples", "errors", "errors_deadlock", "successes"), counts);
    }
}
