package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.analysis.statistics.LevelEffects;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.validity.Validity;

/** Writes README.txt: how every number in the output directory was computed. */
public final class Readme {
    private Readme() {
    }

    public static void write(StudyResult r, Path file) throws IOException {
        AnalysisOptions o = r.options();
        String text = String.join("\n",
                "dbstudy analysis output (format 1)",
                "==================================",
                "",
                "Inputs: " + r.files() + " result file(s)" + o.manifest().map(m -> ", manifest " + m).orElse(", no manifest (each label is a cell)") + ".",
                String.format(Locale.ROOT, "Warm-up: samples whose timeStamp is earlier than the first workload (not setUp) timeStamp read from their file plus %s s were dropped (%d samples).",
                        Fmt.num(o.warmupSeconds(), 3), r.warmupExcluded()),
                "",
                "Files",
                "  summary.csv   one row per cell: cell, one column per factor (manifest order), then the statistics below,",
                "                then errors_<class> per outcome class seen.",
                "  labels.csv    the same statistics per label over all files, sub_result=true for sub-sample labels.",
                "  cell-labels.csv  (with a manifest) per cell and top-level label (transaction type, query): samples,",
                "                errors, requests_per_s (over the cell's span, so a cell's labels add up), mean_ms, p99_ms",
                "                over all samples, the same over successful ones, tries_mean, tries_max.",
                "  agents.csv    top-level samples and errors per JMeter agent (thread-name prefix host:port, else 'local').",
                "  tests.csv     Kruskal-Wallis, Mann-Whitney and Dunn tests, one row each.",
                "  speedup.csv   S = T(baseline)/T(treatment) on mean, median and p90, with 95% intervals.",
                "  effects.csv   (fractional-factorial designs) main effects and two-factor interactions with their aliases.",
                "  configurations.csv  (one-factor-at-a-time designs) every cell against the baseline cell.",
                "  *.png         charts; index.html shows everything on one page.",
                "  Numbers in the CSV files are at full precision (the shortest text that reads back to the same",
                "  double, Locale.ROOT); only index.html rounds them for display. Empty field: not defined.",
                "",
                "Which samples: response-time figures, tests, intervals and speedups use " + o.samples().description()
                        + " (analyze --samples " + o.samples().id() + "; the other choice is --samples "
                        + (o.samples() == SampleSet.ALL ? "success" : "all") + ").",
                "  Failed samples are often fast (a refused connection) or slow (a timeout): mixed in, they move",
                "  response times either way. The error rate stands beside them (error_pct, failed_per_s).",
                "",
                "Cell statistics (top-level workload samples only; sub-results and 'setUp ...' samples are reported",
                "  in labels.csv, never mixed in)",
                "  Each result file is one run of its cell; the runs of a cell (replicates) are pooled for the point numbers.",
                "  All samples, successes and failures together, exactly as JMeter's Aggregate Report:",
                columnLines(ColumnTable.columns(r)),
                "  connections_per_user  (when above 1) the connections each user holds: one per transaction of a mix.",
                "  client_cpu_pct  JMeter's CPU over the measured window, % of all the client machine's cores (runner's).",
                "  client_gc_pause_max_ms, client_gc_pause_total_ms, client_gc_pause_pct  JMeter's GC pauses",
                "                (logs/<cell>.gc.log): longest, sum, and the sum's % of JMeter's run time.",
                "  validity, validity_threats  (last columns) 'valid', 'threatened' or '" + Validity.NOT_ASSESSED + "' (no samples, or",
                "                no monitor data and no threat found), and what threatened the cell or why it was not assessed:",
                "                schedule lag (behind_schedule), host CPU saturated (host_cpu_mean_pct >= "
                        + Math.round(Validity.CPU_SATURATED_PCT) + "), CPU steal",
                "                (host_cpu_steal_mean_pct >= " + Math.round(Validity.STEAL_PCT)
                        + "), the server shared with other clients (connections_max > users x connections_per_user + 1),",
                "                client CPU saturated (client_cpu_pct >= " + Math.round(Validity.CLIENT_CPU_SATURATED_PCT)
                        + "), long client GC pauses (max > " + Math.round(Validity.GC_PAUSE_MAX_MS) + " ms or",
                "                client_gc_pause_pct > " + Math.round(Validity.GC_PAUSE_SHARE_PCT) + ").",
                "                Monitor files and the runner's client figures count only for the run they watched (the run's",
                "                first sample within their time span), so a re-run of a plan gets none of the study run's.",
                "  errors_<class> outcome class: the dbstudy sampler's message prefix ('deadlock: ...'), else the SQLState",
                "                and vendor code in responseCode: 53300/08004/1040 too_many_connections, 40001",
                "                serialization_failure (vendor 1213 deadlock, 1205 lock_timeout), 40P01 deadlock,",
                "                55P03 lock_timeout, 57014 statement_timeout, 08xxx connection_lost, 23xxx",
                "                constraint_violation, 42xxx syntax_error, anything else other.",
                "  tries_mean, tries_max  (dbstudy sampler: its message says tries=K) tries per top-level sample.",
                "  rollbacks_<class>  tries that ended without a commit, by class: the retried tries the message names",
                "                (retried=class:n), failed samples' last tries, and for intended_rollback the successful",
                "                samples rolled back on purpose (TPC-C New-Order's 1 %).",
                "  consistency_violations  (TPC-C) conditions violated after the cell, summed over its runs; empty: not checked.",
                "  data_start    (TPC-C) the state each run's data started from: loaded (afresh, reset per-cell or a",
                "                level's first cell), restored (the loaded state put back, reset per-level), reused (the",
                "                previous cell's end state), kept (reset never); distinct ones joined by |.",
                "  monitor_seconds ... refused_max_connections  only when a monitor ran (monitor/ beside the results):",
                "                the server's side per cell from its per-second rows, replicates pooled; host CPU busy is",
                "                100 - idle in % of all cores, server CPU in % of one core, maxima at one second, lock and",
                "                deadlock counts summed, connections without the monitor's own (docs/monitoring.md).",
                "",
                "Tests (analysed samples; all from per-value counts with mid-ranks for ties: exact at any n)",
                "  Kruskal-Wallis across the levels of each factor with every other factor held at one level",
                "    (none without a manifest: its labels are different samplers): H corrected for ties, df = k - 1,",
                "    p = chi-squared survival function (commons-statistics-distribution), epsilon_squared = H / ((n^2-1)/(n+1)).",
                "  Mann-Whitney U for every pair of levels: U of the first group, normal approximation with",
                "    tie-corrected variance and continuity correction, two-sided; effect size Cliff's delta = 2U/(n1 n2) - 1",
                "    (positive: the first group tends to be slower).",
                "  Dunn's test for every pair: z from mean ranks over all groups with tie correction, two-sided.",
                "  p_adjusted_holm: Holm's step-down adjustment within each family of pairwise tests (same test,",
                "    factor and fixed levels); Kruskal-Wallis rows repeat p. significant_0_05: p_adjusted_holm < 0.05.",
                "  analysed_samples: success or all; error_pct_by_group: each group's error percent, in the order of groups.",
                "  These tests take every sample as independent. Samples of one run are autocorrelated and runs differ,",
                "  so p-values are far smaller than the evidence for a difference between servers: judge that by the",
                "  intervals between runs (speedup.csv, mean_ci95_* in summary.csv).",
                "",
                "Designs (the manifest's design column: " + r.design().design().type() + ")",
                "  Each cell's value of a metric: mean_ms = mean elapsed of the analysed samples, throughput_per_s =",
                "  analysed samples per second of the cell's span; replicates pooled as above.",
                "  effects.csv: for a term (a factor, or a product of two for an interaction) effect = mean_high -",
                "    mean_low, the mean of the cells' values where the term's sign is + minus where it is - (a factor's",
                "    - level is its first declared level). aliases: the effects the design estimates together with",
                "    it, from the defining relation (the term times each of its words, with their signs). Main effects",
                "    first, then each two-factor interaction not aliased with a main effect, once per alias chain.",
                "  configurations.csv: value of each cell, value of the baseline cell, ratio = value / baseline,",
                "    change_pct = (ratio - 1) * 100.",
                "",
                "The answer (the first table of index.html)",
                "  Every level against its factor's first declared level (study.properties' "
                        + ManifestColumns.DECLARED_LEVELS_KEY + "<factor>, not the",
                "  manifest's run order) or the --baseline level: successful samples/s, mean and p90 as ratios, the error",
                "  rate's change in points. When some setting's error rates differ by more than "
                        + Fmt.num(LevelEffects.ERRORS_DIFFER_POINTS, 0) + " point, goodput and",
                "  errors come first with a sentence per level, then the response times, which are of successful samples.",
                "",
                "Speedups",
                r.comparison().map(c -> "  Comparison factor '" + c.factor() + "', baseline level '" + c.baseline()
                        + "'. Cells match when all other factors are equal.").orElse("  None: the manifest has no target column."),
                "  S = T(baseline) / T(treatment) for T = mean, median and p90 of the analysed samples (S > 1: the",
                "  treatment is faster). 95% interval on the log scale: exp(ln S +- t * se), se^2 = var(T_b)/T_b^2 +",
                "  var(T_t)/T_t^2, Welch-Satterthwaite df. interval_method between-runs when both cells have 2 or more",
                "  runs: var(T) = variance of the runs' own T / runs. Otherwise within-run-only: var(T) from batch",
                "  means within each run (for median and p90 the variance of the batch medians / p90s over B), batch_s",
                "  the batch length. A within-run-only interval is too narrow for claims about the servers: run",
                "  each cell 3 or more times (replicates) for an interval that includes run-to-run variation.",
                "");
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Widest line of the columns' text before a list of names wraps. */
    private static final int WIDTH = 110;
    private static final String INDENT = " ".repeat(16);

    /**
     * The report columns' text, from the column table: each column's name (those said with the next one joined
     * before it) and description; the successful samples' twins named in one sentence.
     */
    static String columnLines(List<ReportColumn> columns) {
        List<String> lines = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> twins = new ArrayList<>();
        for (ReportColumn c : columns) {
            if (c.allSamples().isPresent()) {
                twins.add(c.id());
                continue;
            }
            if (!twins.isEmpty()) {
                lines.addAll(wrap("  " + ColumnTable.SUCCESS_DESCRIPTION + ": " + String.join(", ", twins) + "."));
                twins.clear();
            }
            names.add(c.id());
            String description = ColumnTable.description(c);
            if (description.isEmpty()) {
                continue;
            }
            String[] text = description.split("\n");
            String head = String.join(", ", names);
            lines.addAll(wrap(head.length() <= 12 ? String.format(Locale.ROOT, "  %-14s%s", head, text[0])
                    : "  " + head + "  " + text[0]));
            for (int i = 1; i < text.length; i++) {
                lines.add(INDENT + text[i]);
            }
            names.clear();
        }
        return String.join("\n", lines);
    }

    /** A long line cut at ", " into lines of at most {@link #WIDTH} characters, the further ones indented. */
    private static List<String> wrap(String line) {
        List<String> out = new ArrayList<>();
        String rest = line;
        while (rest.length() > WIDTH) {
            int cut = rest.lastIndexOf(", ", WIDTH);
            out.add(rest.substring(0, cut + 1));
            rest = INDENT + rest.substring(cut + 2);
        }
        out.add(rest);
        return out;
    }
}
