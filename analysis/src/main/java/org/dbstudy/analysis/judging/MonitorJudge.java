package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import org.apache.commons.statistics.distribution.TDistribution;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.reading.MonitorFile;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.files.MonitorColumns;

/**
 * A MONITOR claim: a figure the monitor recorded (server CPU, host memory; {@link Claim.MonitorFigure}), as
 * the claim's metric over each run's monitored moments (mean, median or a nearest-rank percentile), lies in
 * [low, high] in every cell of {@code where}. With two or more runs a cell's value is the runs' mean with a
 * 95% t-interval over runs; one run's moments follow each other in time, so its value is judged on the point.
 */
final class MonitorJudge {
    private MonitorJudge() {
    }

    static Judgement judge(Claim c, List<CellResult> cells, Optional<MonitorFiles> monitor) {
        Claim.MonitorFigure figure = Claim.MonitorFigure.byId(c.monitor());
        if (monitor.isEmpty()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "this run has no monitor files (run with the monitor on,"
                    + " docs/monitoring.md)");
        }
        List<String> outside = new ArrayList<>();
        List<String> unsure = new ArrayList<>();
        StringBuilder ours = new StringBuilder();
        boolean points = false;
        for (CellResult cell : cells) {
            double[] runs = monitor.get().of(cell.name()).stream().mapToDouble(f -> statistic(f, figure, c.metric()))
                    .filter(Double::isFinite).toArray();
            if (runs.length == 0) {
                continue;
            }
            double point = Arrays.stream(runs).average().orElse(Double.NaN);
            double half = runs.length >= 2 ? TDistribution.of(runs.length - 1.0).inverseCumulativeProbability(0.975)
                    * Estimate.standardError(runs) : 0;
            points |= runs.length < 2;
            ours.append(ours.length() == 0 ? "" : "; ").append(cells.size() == 1 ? "" : cell.name() + ": ")
                    .append(ClaimJudge.num(point)).append(half > 0 ? " [" + ClaimJudge.num(point - half) + ", "
                    + ClaimJudge.num(point + half) + "]" : "");
            boolean loIn = ClaimJudge.inside(point - half, c.low(), c.high());
            boolean hiIn = ClaimJudge.inside(point + half, c.low(), c.high());
            if (!loIn && !hiIn && (point + half < c.low() || point - half > c.high())) {
                outside.add(cell.name());
            } else if (!loIn || !hiIn) {
                unsure.add(cell.name());
            }
        }
        if (ours.length() == 0) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "the monitor recorded no " + figure.id()
                    + " for the cells claimed about");
        }
        String claimed = c.metric().id() + " of " + figure.id() + " over each run's monitored moments, claimed "
                + (Double.isNaN(c.low()) ? "" : "above " + ClaimJudge.num(c.low())) + (Double.isNaN(c.low()) || Double.isNaN(c.high())
                ? "" : " and ") + (Double.isNaN(c.high()) ? "" : "below " + ClaimJudge.num(c.high())) + " " + figure.unit()
                + " in " + cells.size() + " cell(s)" + (points ? "; a cell with one run is judged on its point" : "");
        String ourWords = ours + " " + figure.unit();
        if (!outside.isEmpty()) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ourWords, claimed + ": outside in " + String.join(", ", outside));
        }
        if (!unsure.isEmpty()) {
            return new Judgement(c, Verdict.UNDECIDED, ourWords, claimed + ": the interval crosses the bound in "
                    + String.join(", ", unsure));
        }
        return new Judgement(c, Verdict.HOLDS, ourWords, claimed + ": inside");
    }

    /** The metric over one monitor file's moments of the figure. */
    static double statistic(MonitorFile file, Claim.MonitorFigure figure, Claim.Metric metric) {
        ToDoubleFunction<MonitorFile.Moment> value = switch (figure) {
            case HOST_CPU_BUSY_PCT -> MonitorFile.Moment::hostCpuBusyPct;
            case HOST_MEM_USED_PCT -> MonitorFile.Moment::hostMemoryPct;
            case SERVER_CPU_PCT -> m -> m.get(MonitorColumns.SERVER, MonitorColumns.CPU_PCT);
        };
        double[] x = file.moments().stream().mapToDouble(value).filter(Double::isFinite).sorted().toArray();
        if (x.length == 0) {
            return Double.NaN;
        }
        if (metric.equals(Claim.Metric.MEAN)) {
            return Arrays.stream(x).average().orElse(Double.NaN);
        }
        double percent = metric.column().percent(); // the parser allows only the mean and percentiles
        return Double.isNaN(percent) ? Double.NaN : nearestRank(x, percent / 100);
    }

    /** The smallest value with at least a fraction {@code p} of the sorted values at or below it. */
    static double nearestRank(double[] sorted, double p) {
        return sorted[Math.max(0, (int) Math.ceil(p * sorted.length) - 1)];
    }
}
