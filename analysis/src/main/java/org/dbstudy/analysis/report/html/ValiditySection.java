package org.dbstudy.analysis.report.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.analysis.cells.Schedule;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Whether each cell measured what it names ({@link Validity}): designed, offered and achieved rates,
 * schedule lag, host CPU and steal, the client's CPU and longest GC pause beside the verdict, read from the report's summary.csv.
 */
final class ValiditySection implements ReportSection {
    private static final List<String> SHOWN = List.of("designed_per_s", "offered_per_s", "achieved_per_s", "lag_p50_ms",
            "lag_p99_ms", "lag_max_ms", "host_cpu_mean_pct", "host_cpu_steal_mean_pct",
            "client_cpu_pct", "client_gc_pause_max_ms");
    private static final List<String> HEADINGS = List.of("designed/s", "offered/s", "achieved/s", "lag p50 ms",
            "lag p99 ms", "lag max ms", "host CPU %", "steal %",
            "client CPU %", "client GC max ms");

    @Override
    public String id() {
        return "validity";
    }

    @Override
    public String title() {
        return "Validity";
    }

    @Override
    public boolean applies(ReportPage page) {
        CsvTable t = summary(page);
        return t != null && t.header().contains(Validity.COLUMNS.get(0));
    }

    @Override
    public void write(Html h, ReportPage page) {
        CsvTable t = summary(page);
        // Only the columns some cell has: a study without a schedule or monitor would show ten empty ones.
        List<Integer> shown = new ArrayList<>();
        for (int i = 0; i < SHOWN.size(); i++) {
            String c = SHOWN.get(i);
            if (t.header().contains(c) && t.rows().stream().anyMatch(row -> !row.get(c).isEmpty())) {
                shown.add(i);
            }
        }
        List<String> header = new ArrayList<>(CellColumns.header(page.result()));
        shown.forEach(i -> header.add(HEADINGS.get(i)));
        header.addAll(List.of("verdict", "threats"));
        List<List<String>> rows = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        long threatened = 0;
        for (CsvTable.Row row : t.rows()) {
            List<String> cells = new ArrayList<>(CellColumns.of(page.result(), row.get("cell")));
            for (int i : shown) {
                String c = SHOWN.get(i);
                String v = row.get(c);
                cells.add(v.isEmpty() ? "" : Fmt.num(Double.parseDouble(v), c.endsWith("_per_s") ? 1 : 0));
            }
            String verdict = row.get(Validity.COLUMNS.get(0));
            cells.add(verdict);
            cells.add(row.get(Validity.COLUMNS.get(1)));
            threatened += Validity.THREATENED.equals(verdict) ? 1 : 0;
            rows.add(cells);
            classes.add(Validity.THREATENED.equals(verdict) ? "warn" : "");
        }
        String noun = CellColumns.noun(page.result());
        h.h2(id(), title()).p(threatened == 0 ? "No " + noun + " shows a threat to its validity."
                : threatened + " of " + rows.size() + " " + noun + "s ran under conditions that threaten what they measure.");
        h.table(header, rows, classes);
        h.note("designed/s: the rate the design asks for, users / (pause + the cell's fastest response), since each"
                + " user waits for its response before its pause; offered/s: samples started per second;"
                + " achieved/s: successful samples per second. Lag: how late a sample started after its intended start"
                + " (the thread's previous end plus the designed pause). A cell is behind its schedule when the p99 lag"
                + " exceeds " + Fmt.num(Schedule.BOUND_SHARE * 100, 0) + " % of the pause (at least "
                + Fmt.num(Schedule.MIN_BOUND_MILLIS, 0) + " ms) or it offered less than "
                + Fmt.num(Schedule.OFFERED_BOUND_SHARE * 100, 0) + " % of the designed rate (its responses grew):"
                + " it ran a lighter load than it names. Host CPU at or above "
                + Fmt.num(Validity.CPU_SATURATED_PCT, 0) + " % busy or steal at or above " + Fmt.num(Validity.STEAL_PCT, 0)
                + " %: the machine set the pace; more connections than users: other clients shared the server.");
        if (t.header().contains("co_p99_ms")) {
            coordinatedOmission(h, page, t);
        }
    }

    /** The response times as measured beside those corrected for coordinated omission (a study setting). */
    private static void coordinatedOmission(Html h, ReportPage page, CsvTable t) {
        List<List<String>> rows = new ArrayList<>();
        for (CsvTable.Row row : t.rows()) {
            List<String> cells = new ArrayList<>(CellColumns.of(page.result(), row.get("cell")));
            for (String c : List.of("co_interval_ms", "co_raw_mean_ms", "co_mean_ms", "co_raw_p99_ms", "co_p99_ms",
                    "co_raw_max_ms", "co_samples")) {
                String v = row.get(c);
                cells.add(v.isEmpty() ? "" : Fmt.num(Double.parseDouble(v), 1));
            }
            rows.add(cells);
        }
        h.p("Response times corrected for coordinated omission (the study's co_correction setting): a sample that"
                + " took longer than its thread's designed period (pause + fastest response) kept the samples the"
                + " thread would have started meanwhile from being measured; as HdrHistogram's"
                + " recordValueWithExpectedInterval does, each such sample also counts its response time minus one,"
                + " two, ... periods while that is at least a period. Both are in summary.csv (co_raw_*, co_*).");
        List<String> header = new ArrayList<>(CellColumns.header(page.result()));
        header.addAll(List.of("period ms", "mean ms", "mean ms corrected", "p99 ms", "p99 ms corrected", "max ms",
                "samples corrected"));
        h.table(header, rows);
    }

    private static CsvTable summary(ReportPage page) {
        Path file = page.dir().resolve(ReportFiles.SUMMARY);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return CsvFiles.read(file, "cell");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (AnalysisInputException e) {
            return null; // a summary the analysis did not write: no verdicts to show
        }
    }
}
