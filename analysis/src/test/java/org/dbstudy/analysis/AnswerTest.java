package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.analysis.statistics.LevelEffects;
import org.dbstudy.vocabulary.files.CsvTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page's answer cannot mislead (issue 42): when error rates differ it leads with goodput and errors and says
 * what changed; ratios are against each factor's first declared level (or --baseline), whatever the run order;
 * the trust summary counts threatened cells per kind; cells with nothing measured are "not assessed"; monitor
 * and client figures attach only to the run that produced them.
 */
class AnswerTest {
    @TempDir
    Path dir;

    /** Money transfers: READ_COMMITTED fails 5 of 100, REPEATABLE_READ 85 of 100, its few successes fast. */
    private static final String[] ISOLATION = {"READ_COMMITTED", "REPEATABLE_READ"};
    private static final String[] USERS = {"4", "16"};

    private static String cell(String isolation, String users) {
        return (isolation.startsWith("READ") ? "rc" : "rr") + "-u" + users;
    }

    /** One run: 100 samples 100 ms apart from {@code start}; {@code failures} of them fail in 10 ms. */
    private static String run(long start, long elapsed, int failures) {
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 100; i++) {
            boolean fails = i % 100 < failures;
            jtl.append(fails ? JtlReadingTest.row(start + i * 100L, 10, "transfer", "40001 0",
                    "serialization_failure: could not serialize access", false)
                    : JtlReadingTest.row(start + i * 100L, elapsed, "transfer", "200", "OK", true));
        }
        return jtl.toString();
    }

    private static long start(int runIndex) {
        return 1_000_000_000L + runIndex * 60_000L;
    }

    /**
     * The study as a random run order left it: the manifest lists users 16 and REPEATABLE_READ first, study.properties
     * has the declared order (users 4, 16; READ_COMMITTED first). With {@code errorsDiffer} false both levels fail 5 %.
     */
    private Path study(boolean errorsDiffer) throws Exception {
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder manifest = new StringBuilder("cell,replicate,plan,isolation,users\n");
        int runIndex = 0;
        for (int r = 1; r <= 3; r++) {
            for (String users : new String[] {"16", "4"}) {
                for (String isolation : new String[] {"REPEATABLE_READ", "READ_COMMITTED"}) {
                    String cell = cell(isolation, users);
                    String plan = cell + "-r" + r;
                    manifest.append(cell).append(',').append(r).append(",plans/").append(plan).append(".jmx,")
                            .append(isolation).append(',').append(users).append('\n');
                    boolean rr = isolation.equals("REPEATABLE_READ");
                    long elapsed = (rr ? 10 : 40) * (users.equals("16") ? 2 : 1);
                    Files.writeString(results.resolve(plan + ".jtl"), run(start(runIndex++), elapsed,
                            rr && errorsDiffer ? 85 : 5));
                }
            }
        }
        Files.writeString(dir.resolve("manifest.csv"), manifest);
        Files.writeString(dir.resolve("study.properties"), "study.order=random\nstudy.levels.isolation="
                + String.join(",", ISOLATION) + "\nstudy.levels.users=" + String.join(",", USERS) + "\n");
        return results;
    }

    private String analyse(Path results, Optional<String> baseline) throws Exception {
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                baseline));
        return Files.readString(out.resolve("index.html"));
    }

    /** The answer's "What each factor did" part of the page. */
    private static String effects(String page) {
        int from = page.indexOf("What each factor did");
        return page.substring(from, page.indexOf("</table>", from));
    }

    @Test
    void farMoreErrorsLeadWithGoodputAndErrorsAndSayWhatChanged() throws Exception {
        String effects = effects(analyse(study(true), Optional.empty()));
        // RC: 95 successes over 9.94 s; RR: 15 over 9.91 s → 0.158; errors 85 % against 5 %.
        assertTrue(effects.contains("isolation REPEATABLE_READ completed 0.16× as many samples successfully per second"
                + " as isolation READ_COMMITTED and failed 80 points more of its samples (85 % against 5 %, means over 2 settings)."),
                effects);
        int goodput = effects.indexOf("<th>successful samples/s</th>");
        int errors = effects.indexOf("<th>errors (points)</th>");
        int mean = effects.indexOf("<th>mean response time (successful samples only)</th>");
        assertTrue(goodput > 0 && goodput < errors && errors < mean, "goodput, errors, then response times: " + effects);
        assertTrue(Files.readString(dir.resolve("report/README.txt")).contains("error rates differ by more than 1 point,"
                + " goodput and\n  errors come first"), "README.txt says the rule");
        assertTrue(effects.contains("<td>READ_COMMITTED → REPEATABLE_READ</td><td class=n>2</td><td>×0.16 (0.16–0.16)</td>"
                + "<td class=n>+80</td><td>×0.25 (0.25–0.25); clear in 2 of 2</td>"), effects);
    }

    @Test
    void ratiosAreAgainstTheFirstDeclaredLevelWhateverTheRunOrder() throws Exception {
        String page = analyse(study(true), Optional.empty());
        assertTrue(page.contains("isolation (READ_COMMITTED, REPEATABLE_READ); users (4, 16)."), "the design line too");
        String effects = effects(page);
        assertTrue(effects.contains("<td>4 → 16</td>"), effects);
        assertFalse(effects.contains("16 → 4"), effects);
        // users 16 take twice as long: ×2, not the inverse.
        assertTrue(effects.contains("<td>4 → 16</td><td class=n>2</td><td>×1.00 (1.00–1.00)</td><td class=n>0</td><td>×2 (2–2)"),
                effects);
        assertTrue(effects.contains("<td>READ_COMMITTED → REPEATABLE_READ</td>"), effects);
    }

    @Test
    void baselineChoosesTheLevelRatiosAreAgainst() throws Exception {
        String effects = effects(analyse(study(true), Optional.of("users=16")));
        assertTrue(effects.contains("<td>16 → 4</td>"), effects);
        assertTrue(effects.contains("<td class=n>0</td><td>×0.50 (0.50–0.50)"), effects);
        assertTrue(effects.contains("<td>READ_COMMITTED → REPEATABLE_READ</td>"), "other factors keep their first");
    }

    @Test
    void aBaselineThatNamesNoLevelSaysWhichAreValid() throws Exception {
        Path results = study(true);
        AnalysisInputException e = assertThrows(AnalysisInputException.class,
                () -> analyse(results, Optional.of("users=8")));
        assertTrue(e.getMessage().endsWith("'8' is not a level of users; valid: [4, 16]"), e.getMessage());
        e = assertThrows(AnalysisInputException.class, () -> analyse(results, Optional.of("clients=4")));
        assertTrue(e.getMessage().contains("[isolation, users]"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line");
    }

    @Test
    void errorRatesDifferWhenSomeSettingIsMoreThanOnePointApart() {
        assertFalse(errors(1.0, 1.0, 1.0).errorsDiffer(), "exactly 1 point: the same");
        assertTrue(errors(1.01, 1.01, 1.01).errorsDiffer());
        assertTrue(errors(0.2, -1.5, 1.0).errorsDiffer(), "one setting 1.5 points lower is enough");
        assertFalse(errors(Double.NaN, Double.NaN, Double.NaN).errorsDiffer(), "no setting, no claim");
        assertEquals(1.0, LevelEffects.ERRORS_DIFFER_POINTS, "docs/analysis.md and README.txt say 1 point");
    }

    private static LevelEffects.Effect errors(double mean, double min, double max) {
        int settings = Double.isNaN(mean) ? 0 : 2;
        return new LevelEffects.Effect("isolation", "READ_COMMITTED", "REPEATABLE_READ", LevelEffects.Measure.ERRORS,
                settings, mean, min, max, Double.NaN, Double.NaN, 0, 0, 5, 5 + mean);
    }

    @Test
    void equalErrorRatesKeepResponseTimesFirstWithoutTheSentence() throws Exception {
        String effects = effects(analyse(study(false), Optional.empty()));
        assertFalse(effects.contains("Error rates differ"), effects);
        assertTrue(effects.indexOf("<th>mean response time (successful samples only)</th>")
                < effects.indexOf("<th>successful samples/s</th>"), effects);
    }

    @Test
    void withoutMonitorDataNoCellIsValid() throws Exception {
        // A stock JTL, no manifest: every label a cell, nothing known of the host.
        Path jtl = Files.writeString(dir.resolve("stock.jtl"), run(start(0), 20, 0)
                + run(start(1), 30, 0).replace("transfer", "balance").substring(JtlReadingTest.HEADER.length()));
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(jtl), Optional.empty(), out, 0, false, 1, Optional.empty()));
        CsvTable summary = CsvTable.read(out.resolve("summary.csv"));
        assertEquals(2, summary.rows().size());
        for (CsvTable.Row r : summary.rows()) {
            assertEquals(Validity.NOT_ASSESSED, r.get("validity"), r.get("cell"));
            assertEquals(Validity.NO_MONITOR, r.get("validity_threats"));
        }
        assertTrue(Files.readString(out.resolve("index.html")).contains("<li>not assessed (" + Validity.NO_MONITOR
                + "): 2 of 2 cells (see Validity)</li>"), "the trust summary says so");
    }

    /** A monitor file of one run: host CPU {@code busy} % every second from {@code from} for 12 s. */
    private static String monitor(long from, int busy) {
        StringBuilder m = new StringBuilder("timeStamp,source,metric,value,unit\n");
        for (long t = from - 1000; t <= from + 11_000; t += 1000) {
            m.append(t).append(",host,cpu_idle_pct,").append(100 - busy).append(",pct\n");
            m.append(t).append(",database,threads_connected,3,count\n");
        }
        return m.toString();
    }

    @Test
    void theTrustSummaryCountsThreatenedCellsPerKind() throws Exception {
        Path results = study(true);
        Path monitor = Files.createDirectories(dir.resolve("monitor"));
        // Every run's host was saturated; the users-4 cells' server also had other clients (connections 20 > 4 + 1).
        int runIndex = 0;
        for (int r = 1; r <= 3; r++) {
            for (String users : new String[] {"16", "4"}) {
                for (String isolation : new String[] {"REPEATABLE_READ", "READ_COMMITTED"}) {
                    String text = monitor(start(runIndex++), 99);
                    Files.writeString(monitor.resolve(cell(isolation, users) + "-r" + r + ".csv"),
                            users.equals("4") ? text.replace("threads_connected,3", "threads_connected,20") : text);
                }
            }
        }
        String page = analyse(results, Optional.empty());
        String trust = page.substring(page.indexOf("Can the numbers be trusted?"));
        trust = trust.substring(0, trust.indexOf("</ul>"));
        assertTrue(trust.contains("<li>host CPU saturated: 4 of 4 cells (see Validity)</li>"), trust);
        assertTrue(trust.contains("<li>server shared with other clients: 2 of 4 cells (see Validity)</li>"), trust);
        assertFalse(trust.contains("not assessed"), trust);
    }

    @Test
    void aReRunGivenTheStudysManifestGetsNoneOfTheStudyRunsMonitorOrClientFigures() throws Exception {
        Path results = study(true);
        // The study run's monitor and client figures for rc-u4's first run (run index 3): saturated, CPU-bound.
        Files.writeString(Files.createDirectories(dir.resolve("monitor")).resolve("rc-u4-r1.csv"), monitor(start(3), 99));
        String started = java.time.Instant.ofEpochMilli(start(3) - 2000).toString();
        String finished = java.time.Instant.ofEpochMilli(start(3) + 12_000).toString();
        Files.writeString(dir.resolve("run-status.csv"), "cell,replicate,status,reason,started,finished,samples,client_cpu_pct\n"
                + "rc-u4,1,done,," + started + "," + finished + ",100,90\n");

        // The study's own file: the figures are its run's.
        CsvTable.Row original = rcU4(results.resolve("rc-u4-r1.jtl"));
        assertEquals("90", original.get("client_cpu_pct"));
        assertTrue(original.get("validity_threats").contains("host CPU saturated"), original.get("validity_threats"));

        // jmeter -n -t plans/rc-u4-r1.jmx -l rc-u4-r1.jtl a day later, analysed with the study's manifest.
        Path rerun = Files.writeString(Files.createDirectories(dir.resolve("rerun")).resolve("rc-u4-r1.jtl"),
                run(start(3) + 86_400_000L, 40, 5));
        CsvTable.Row again = rcU4(rerun);
        CsvTable summary = CsvTable.read(dir.resolve("report").resolve("summary.csv"));
        assertEquals("100", again.get("samples"));
        assertEquals("0", again.get("monitor_seconds"), "the study run's monitor file watched another run");
        assertFalse(summary.header().contains("client_cpu_pct"), "nor did its run-status row: " + summary.header());
        assertEquals(Validity.NOT_ASSESSED, again.get("validity"));
        assertEquals(Validity.NO_MONITOR, again.get("validity_threats"));
        CsvTable.Row empty = CsvTable.read(dir.resolve("report").resolve("summary.csv")).rows().stream()
                .filter(r -> r.get("cell").equals("rr-u16")).findFirst().orElseThrow();
        assertEquals(Validity.NO_SAMPLES, empty.get("validity_threats"), "a cell without samples is not assessed");
    }

    /** rc-u4's row of summary.csv when {@code file} alone is analysed with the study's manifest. */
    private CsvTable.Row rcU4(Path file) throws Exception {
        Path out = dir.resolve("report");
        Analyzer.run(new AnalysisOptions(List.of(file), Optional.of(dir.resolve("manifest.csv")), out, 0, false, 1,
                Optional.empty()));
        CsvTable summary = CsvTable.read(out.resolve("summary.csv"));
        return summary.rows().stream().filter(r -> r.get("cell").equals("rc-u4")).findFirst().orElseThrow();
    }

    @Test
    void aFileNamedOnItsOwnThatNoPlanNamesIsRefusedInOneLine() throws Exception {
        study(true);
        Path out = Files.writeString(dir.resolve("out.jtl"), run(start(0), 40, 5));
        AnalysisInputException e = assertThrows(AnalysisInputException.class, () -> Analyzer.run(new AnalysisOptions(
                List.of(out), Optional.of(dir.resolve("manifest.csv")), dir.resolve("report"), 0, false, 1, Optional.empty())));
        assertTrue(e.getMessage().startsWith(out + ":1: file name: 'out' is no plan of "), e.getMessage());
        assertTrue(e.getMessage().endsWith("with CELL one of: rr-u16-r1, rc-u16-r1, rr-u4-r1 (9 more in manifest.csv)"),
                e.getMessage());
    }
}
