package org.dbstudy.analysis.report.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.statistics.LevelEffects;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.TransactionColumns;
import org.dbstudy.analysis.report.figures.Captions;
import org.dbstudy.analysis.report.files.DesignReport;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.analysis.report.files.TransactionReport;
import org.dbstudy.vocabulary.files.EnvironmentFile;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * The page's top: what was varied (factors, levels, replicates, cells), what each factor did to the
 * main measures with intervals ({@link LevelEffects}), whether the runs are sound, where the data is,
 * and which JMeter numbers the page reproduces.
 */
final class AnswerSection implements ReportSection {
    @Override
    public String id() {
        return "answer";
    }

    @Override
    public String title() {
        return "Answer";
    }

    @Override
    public boolean applies(ReportPage page) {
        return true;
    }

    /** "dbstudy report: crud-factorial on PostgreSQL 15.8", as far as the environment says. */
    static String title(StudyResult r) {
        Map<String, String> env = r.environments().isEmpty() ? Map.of() : r.environments().values().iterator().next();
        String study = env.getOrDefault(EnvironmentFile.path(EnvironmentFile.RUN, EnvironmentFile.STUDY), "");
        String server = (env.getOrDefault(EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.PRODUCT), "") + " "
                + env.getOrDefault(EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.VERSION), "")).trim();
        return "dbstudy report" + (study.isEmpty() ? "" : ": " + study) + (server.isEmpty() ? "" : " on " + server);
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        h.h2(id(), "The answer");
        h.raw("<p class=lead>").raw(Html.escape(design(r))).raw("</p>\n");
        effects(h, r);
        validity(h, page);
        if (!r.speedups().isEmpty()) {
            h.raw("<p><a href=#comparison>Comparison</a>: each cell against the baseline ")
                    .raw(Html.escape(r.speedups().get(0).factor() + " = " + r.speedups().get(0).baselineLevel()))
                    .raw(" with 95% intervals.</p>\n");
        }
        h.note("Percentiles on this page and in the CSV files are JMeter's Aggregate Report lines exactly (StatCalculator:"
                + " the k-th smallest of the sorted times, k = max(1, round(n·p)), no interpolation, over all samples). JMeter's"
                + " HTML dashboard (jmeter -g) interpolates and keeps only the last 20 000 samples per label, so its 90th"
                + " percentile can read higher (87.80 where the Aggregate Report says 87). Mean, min, max, standard deviation"
                + " (population) and throughput (samples / (last end − first start)) are the Aggregate Report's too."
                + " README.txt says how every number is computed.");
        List<String> files = new ArrayList<>(List.of(ReportFiles.SUMMARY, ReportFiles.TESTS, ReportFiles.SPEEDUP, ReportFiles.LABELS, ReportFiles.AGENTS));
        if (!TransactionReport.labels(r).isEmpty()) {
            files.add(TransactionColumns.CELL_LABELS_FILE);
        }
        if (!r.design().effects().isEmpty()) {
            files.add(DesignReport.EFFECTS_FILE);
        }
        if (!r.design().changes().isEmpty()) {
            files.add(DesignReport.CONFIGURATIONS_FILE);
        }
        files.addAll(List.of(Captions.FILE, ReportFiles.README));
        h.raw("<p class=note>Data at full precision: ");
        files.forEach(f -> h.raw("<a href=\"").raw(f).raw("\">").raw(f).raw("</a> "));
        h.raw("</p>\n");
    }

    private static String design(StudyResult r) {
        List<String> varied = new ArrayList<>();
        List<String> fixed = new ArrayList<>();
        for (int f = 0; f < r.factors().size(); f++) {
            int ff = f;
            // Declared order (the manifest's run order is shuffled by order: random), then any other level the cells have.
            Set<String> levels = new LinkedHashSet<>(r.manifest().map(m -> m.levelsOf(r.factors().get(ff))).orElse(List.of()));
            levels.retainAll(r.cells().stream().map(c -> c.levels().get(ff)).toList());
            r.cells().forEach(c -> levels.add(c.levels().get(ff)));
            (levels.size() > 1 ? varied : fixed).add(r.factors().get(f) + " (" + String.join(", ", levels) + ")");
        }
        int replicates = r.cells().stream().mapToInt(c -> c.runs().size()).max().orElse(0);
        int fewest = r.cells().stream().filter(c -> c.stats().samples() > 0).mapToInt(c -> c.runs().size()).min().orElse(0);
        long analysed = r.cells().stream().mapToLong(c -> c.analysed().samples()).sum();
        String kind = r.design().effects().isEmpty() ? r.design().changes().isEmpty() ? "" : "one factor at a time, "
                : "fractional factorial, ";
        return (varied.isEmpty() ? "No factor varied" : kind + varied.size() + " factor" + (varied.size() == 1 ? "" : "s")
                + " varied: " + String.join("; ", varied)) + (fixed.isEmpty() ? "" : ". Fixed: " + String.join("; ", fixed))
                + ". " + r.cells().size() + " cell" + (r.cells().size() == 1 ? "" : "s") + " × "
                + (replicates == fewest ? replicates : fewest + "–" + replicates) + " run" + (replicates == 1 ? "" : "s")
                + " = " + r.files() + " result file" + (r.files() == 1 ? "" : "s") + "; " + r.samples() + " samples, "
                + analysed + " analysed (" + r.options().samples().description() + ")"
                + (r.warmupExcluded() > 0 ? ", " + r.warmupExcluded() + " warm-up samples left out" : "") + ".";
    }

    /**
     * A row per factor level against the factor's baseline; a column per main measure. When error rates differ
     * ({@link LevelEffects.Effect#errorsDiffer}), goodput and errors lead, a sentence per level says what
     * changed, and the response times (of the successful samples) come after: they describe different samples.
     */
    private static void effects(Html h, StudyResult r) {
        List<LevelEffects.Effect> effects = LevelEffects.of(r.factors(), r.cells(), f -> baselineFirst(r, f));
        if (effects.isEmpty()) {
            return;
        }
        boolean errorsDiffer = effects.stream().anyMatch(LevelEffects.Effect::errorsDiffer);
        List<LevelEffects.Measure> order = errorsDiffer
                ? List.of(LevelEffects.Measure.THROUGHPUT, LevelEffects.Measure.ERRORS, LevelEffects.Measure.MEAN,
                        LevelEffects.Measure.P90)
                : List.of(LevelEffects.Measure.MEAN, LevelEffects.Measure.P90, LevelEffects.Measure.THROUGHPUT,
                        LevelEffects.Measure.ERRORS);
        Map<String, Map<LevelEffects.Measure, LevelEffects.Effect>> byLevel = new LinkedHashMap<>();
        for (LevelEffects.Effect e : effects) {
            byLevel.computeIfAbsent(e.factor() + "\n" + e.level(), k -> new LinkedHashMap<>()).put(e.measure(), e);
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        for (Map<LevelEffects.Measure, LevelEffects.Effect> level : byLevel.values()) {
            LevelEffects.Effect any = level.values().iterator().next();
            List<String> row = new ArrayList<>(List.of(any.factor(), any.baseline() + " → " + any.level(),
                    Integer.toString(any.settings())));
            order.forEach(m -> row.add(level.containsKey(m) ? text(level.get(m)) : ""));
            rows.add(row);
            LevelEffects.Effect errors = level.get(LevelEffects.Measure.ERRORS);
            if (errors != null && errors.errorsDiffer()) {
                changed.add(whatChanged(level.get(LevelEffects.Measure.THROUGHPUT), errors));
            }
        }
        String of = r.options().samples() == SampleSet.ALL ? " (all samples, failed ones included)" : " (successful samples only)";
        Map<LevelEffects.Measure, String> headings = Map.of(LevelEffects.Measure.MEAN, "mean response time" + of,
                LevelEffects.Measure.P90, "90% line" + of, LevelEffects.Measure.THROUGHPUT, "successful samples/s",
                LevelEffects.Measure.ERRORS, "errors (points)");
        h.h3("What each factor did");
        if (errorsDiffer) {
            h.p("Error rates differ between levels (by more than " + Fmt.num(LevelEffects.ERRORS_DIFFER_POINTS, 0)
                    + " percentage point in some setting), so what was completed comes first: " + String.join(" ", changed)
                    + " Response times are of different samples at each level; read them after these.");
        }
        h.p("Each level against the factor's " + (r.options().baselineTarget().isPresent() ? "baseline (--baseline) or " : "")
                + "first declared level, in every setting of the other factors (cells equal in all else):"
                + " × the ratio (geometric mean over the settings, with the smallest and largest, or the 95%"
                + " interval when there is one setting), and how many settings' intervals lie wholly above or below 1."
                + " Errors: the change in percentage points."
                + (TransactionReport.mixesLabels(r) ? " The cells mix transaction types and queries, so these ratios are"
                + " over each cell's mix; " + TransactionColumns.CELL_LABELS_FILE + " and the tests have each label alone." : ""));
        List<String> header = new ArrayList<>(List.of("factor", "levels", "settings"));
        order.forEach(m -> header.add(headings.get(m)));
        h.table(header, rows);
    }

    /**
     * A factor's levels with its baseline first: the level {@code --baseline} names for its factor, else the
     * first declared (the manifest's declared order, not its run order).
     */
    static List<String> baselineFirst(StudyResult r, String factor) {
        List<String> levels = new ArrayList<>(r.manifest().map(m -> m.levelsOf(factor)).orElse(List.of()));
        r.comparison().filter(c -> c.factor().equals(factor)).ifPresent(c -> {
            levels.remove(c.baseline());
            levels.add(0, c.baseline());
        });
        return levels;
    }

    /**
     * "isolation REPEATABLE_READ completed 0.51× as many samples successfully per second as isolation READ_COMMITTED
     * and failed 79.15 points more of its samples (85.10 % against 5.95 %)."
     */
    static String whatChanged(LevelEffects.Effect goodput, LevelEffects.Effect errors) {
        String level = errors.factor() + " " + errors.level();
        String done = goodput == null || Double.isNaN(goodput.value()) ? ""
                : " completed " + Fmt.num(goodput.value(), goodput.value() < 10 ? 2 : 1) + "× as many samples successfully"
                + " per second as " + errors.factor() + " " + errors.baseline() + " and";
        String more = errors.value() >= 0 ? " points more" : " points fewer";
        return level + done + " failed " + Fmt.num(Math.abs(errors.value()), 2) + more + " of its samples ("
                + Fmt.num(errors.levelMean(), 2) + " % against " + Fmt.num(errors.baselineMean(), 2) + " %"
                + (errors.settings() > 1 ? ", means over " + errors.settings() + " settings" : "") + ").";
    }

    static String text(LevelEffects.Effect e) {
        if (Double.isNaN(e.value())) {
            return "";
        }
        if (e.measure() == LevelEffects.Measure.ERRORS) {
            String v = signed(e.value());
            return e.settings() == 1 || e.min() == e.max() ? v : v + " (" + signed(e.min()) + " to " + signed(e.max()) + ")";
        }
        String v = "×" + Fmt.num(e.value(), e.value() < 10 ? 2 : 1);
        if (e.settings() == 1) {
            return Double.isNaN(e.ciLow()) ? v : v + " [" + Fmt.num(e.ciLow(), 2) + ", " + Fmt.num(e.ciHigh(), 2) + "]";
        }
        String range = " (" + Fmt.num(e.min(), 2) + "–" + Fmt.num(e.max(), 2) + ")";
        return v + range + (e.intervals() == 0 ? "" : "; clear in " + e.clear() + " of " + e.intervals());
    }

    private static String signed(double points) {
        String s = Fmt.num(points, 2);
        return points > 0 ? "+" + s : s;
    }

    private static void validity(Html h, ReportPage page) {
        StudyResult r = page.result();
        List<String> said = new ArrayList<>();
        int failed = r.unfinished().size();
        said.add(failed == 0 ? "every run finished" : failed + " run" + (failed == 1 ? "" : "s")
                + " failed or did not finish (see Warnings)");
        long withoutSamples = r.cells().stream().filter(c -> c.stats().samples() == 0).count();
        if (withoutSamples > 0) {
            said.add(withoutSamples + " cell" + (withoutSamples == 1 ? " has" : "s have") + " no samples");
        }
        long erring = r.cells().stream().filter(c -> c.stats().errors() > 0).count();
        said.add(erring == 0 ? "no failed samples" : erring + " of " + r.cells().size() + " cells have failed samples"
                + " (see Errors)");
        boolean single = r.cells().stream().anyMatch(c -> c.runs().size() == 1);
        if (single) {
            said.add("cells with one run have within-run intervals only (they allow for autocorrelation but not for how"
                    + " another run would differ: replicates ≥ 3 give intervals between runs)");
        }
        said.addAll(verdicts(page.dir().resolve(ReportFiles.SUMMARY)));
        if (!r.warnings().isEmpty()) {
            said.add(r.warnings().size() + " warning" + (r.warnings().size() == 1 ? "" : "s") + " (see Warnings)");
        }
        h.h3("Can the numbers be trusted?");
        h.list(said);
    }

    /**
     * The cells' validity verdicts from summary.csv, one line per kind of threat ("host CPU saturated: 12 of 12
     * cells") and per reason a cell was not assessed, or one line that no cell shows a threat.
     */
    static List<String> verdicts(Path summary) {
        CsvTable t;
        try {
            t = Files.isRegularFile(summary) ? CsvFiles.read(summary, "cell") : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (AnalysisInputException e) {
            t = null; // not the analysis' own summary: no verdicts to count
        }
        if (t == null || !t.header().contains(Validity.COLUMNS.get(0))) {
            return List.of();
        }
        int all = t.rows().size();
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (Validity.Kind k : Validity.Kind.values()) {
            counts.put(k.text(), 0);
        }
        for (CsvTable.Row row : t.rows()) {
            String verdict = row.get(Validity.COLUMNS.get(0));
            String why = row.get(Validity.COLUMNS.get(1));
            if (Validity.NOT_ASSESSED.equals(verdict)) {
                counts.merge(Validity.NOT_ASSESSED + " (" + why + ")", 1, Integer::sum);
            } else {
                Validity.kinds(why).forEach(k -> counts.merge(k.text(), 1, Integer::sum));
            }
        }
        List<String> out = new ArrayList<>();
        counts.forEach((kind, n) -> {
            if (n > 0) {
                out.add(kind + ": " + n + " of " + all + " cells (see Validity)");
            }
        });
        if (out.isEmpty()) {
            out.add("no cell shows a threat to its validity (see Validity)");
        }
        return out;
    }

    static String cells(List<CellResult> cells) {
        return cells.size() + " cell" + (cells.size() == 1 ? "" : "s");
    }
}
