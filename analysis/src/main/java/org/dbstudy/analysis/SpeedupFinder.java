package org.dbstudy.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs every treatment cell with the baseline cell that matches it in all other factors and
 * computes S on the mean, median and 90% line of the analysed samples ({@link SampleSet}). The
 * interval comes from the variation between runs when both cells have two or more runs, else from
 * batch means within the runs, marked within-run only ({@link Spread}).
 */
final class SpeedupFinder {
    private SpeedupFinder() {
    }

    static List<Speedup> find(List<String> factors, List<CellResult> cells, Comparison comparison) {
        int f = factors.indexOf(comparison.factor());
        Map<List<String>, CellResult> baselines = new HashMap<>();
        for (CellResult c : cells) {
            if (c.levels().get(f).equals(comparison.baseline()) && c.analysed().samples() > 0) {
                baselines.put(others(c.levels(), f), c);
            }
        }
        List<Speedup> out = new ArrayList<>();
        for (CellResult treatment : cells) {
            List<String> others = others(treatment.levels(), f);
            CellResult baseline = baselines.get(others);
            if (baseline == null || baseline == treatment || treatment.analysed().samples() == 0) {
                continue;
            }
            double[] base = observed(baseline.analysed());
            double[] treat = observed(treatment.analysed());
            boolean betweenRuns = baseline.runs().size() >= 2 && treatment.runs().size() >= 2;
            for (int m = 0; m < RunValues.METRICS.length; m++) {
                Spread b = Spread.of(baseline.runs(), m, betweenRuns);
                Spread t = Spread.of(treatment.runs(), m, betweenRuns);
                double[] ci = Spread.ratioInterval(base[m], b, treat[m], t);
                out.add(new Speedup(comparison.factor(), comparison.baseline(), treatment.levels().get(f),
                        baseline.name(), treatment.name(), others, RunValues.METRICS[m], base[m], treat[m],
                        base[m] / treat[m], ci[0], ci[1], b.method(), b.runs(), t.runs(),
                        betweenRuns ? Double.NaN : Math.max(b.batchSeconds(), t.batchSeconds())));
            }
        }
        return out;
    }

    /** The point statistics in {@link RunValues#METRICS} order. */
    static double[] observed(SampleStats s) {
        return new double[] {s.mean(), s.median(), s.p90()};
    }

    static List<String> others(List<String> levels, int except) {
        List<String> rest = new ArrayList<>(levels);
        rest.remove(except);
        return rest;
    }
}
