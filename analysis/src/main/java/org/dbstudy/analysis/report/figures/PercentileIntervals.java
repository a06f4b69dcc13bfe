package org.dbstudy.analysis.report.figures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Distribution-free 95 % intervals for a cell's median, 90 %, 95 % and 99 % lines, for error bars:
 * the order statistics X(l) and X(u) with l, u from Binomial(n, p) so that
 * P(X(l) &le; q_p &lt; X(u)) &ge; 0.95 (Conover, Practical Nonparametric Statistics, 3.2). Costs one
 * pass over the distinct values; assumes independent samples, as the bootstrap does. Written to
 * {@value #FILE} so figures re-drawn from the report directory have them.
 */
public final class PercentileIntervals {
    public static final String FILE = ReportFiles.PERCENTILE_INTERVALS;
    public static final String METHOD = "order statistics, exact binomial ranks";
    /** The report's percentile columns over all samples (their successful twins when those are analysed). */
    private static final List<ReportColumn> COLUMNS = ReportColumn.of(ReportColumn.Part.ALL).stream()
            .filter(c -> !Double.isNaN(c.percent())).toList();

    private PercentileIntervals() {
    }

    /** {low, high} of the 95 % interval of the p-quantile, or null without samples (or above 2^31 - 1). */
    public static double[] of(Distinct d, double p) {
        long n = d.total();
        if (n == 0 || n > Integer.MAX_VALUE) {
            return null; // beyond the binomial's int range: no error bar rather than no report
        }
        BinomialDistribution b = BinomialDistribution.of((int) n, p);
        long low = Math.max(1, b.inverseCumulativeProbability(0.025));
        long high = Math.min(n, b.inverseCumulativeProbability(0.975) + 1L);
        return new double[] {valueAtRank(d, low), valueAtRank(d, high)};
    }

    /** The r-th smallest value (1-based). */
    public static double valueAtRank(Distinct d, long rank) {
        long seen = 0;
        for (int i = 0; i < d.size(); i++) {
            seen += d.counts()[i];
            if (seen >= rank) {
                return d.values()[i];
            }
        }
        return d.max();
    }

    public static void write(List<CellResult> cells, Path file) throws IOException {
        try (CsvWriter out = new CsvWriter(file, List.of("cell", "statistic", "estimate", "ci95_low", "ci95_high", "method"))) {
            for (CellResult c : cells) {
                rows(out, c.name(), false, ColumnTable.Group.all(c));
                if (c.set() == SampleSet.SUCCESS) {
                    rows(out, c.name(), true, ColumnTable.Group.successes(c));
                }
            }
        }
    }

    private static void rows(CsvWriter out, String cell, boolean successes, ColumnTable.Group g) throws IOException {
        for (ReportColumn c : COLUMNS) {
            double[] ci = of(g.distinct(), ColumnTable.fraction(c.percent()));
            if (ci != null) {
                String name = successes ? c.successes().orElseThrow().id() : c.id();
                out.row(List.of(cell, name, Fmt.num(ColumnTable.of(c, g).number(), 0), Fmt.num(ci[0], 0),
                        Fmt.num(ci[1], 0), METHOD));
            }
        }
    }

    /** cell → column → {low, high}; empty when the file is not there (an older report). */
    public static Map<String, Map<String, double[]>> read(Path file) throws IOException, AnalysisInputException {
        Map<String, Map<String, double[]>> out = new HashMap<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        CsvTable csv = CsvFiles.read(file, "cell", "statistic", "ci95_low", "ci95_high");
        for (CsvTable.Row row : csv.rows()) {
            double low = Levels.number(row.fields().get(csv.column("ci95_low")));
            double high = Levels.number(row.fields().get(csv.column("ci95_high")));
            if (Double.isNaN(low) || Double.isNaN(high)) {
                throw new AnalysisInputException(file, row.line(), "ci95_low", "not a number; expected two numbers");
            }
            out.computeIfAbsent(row.fields().get(csv.column("cell")), k -> new HashMap<>())
                    .put(row.fields().get(csv.column("statistic")), new double[] {low, high});
        }
        return out;
    }
}
