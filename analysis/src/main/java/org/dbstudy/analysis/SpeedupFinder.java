package org.dbstudy.analysis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Pairs every treatment cell with the baseline cell that matches it in all other factors and
 * computes S on mean, median and 90% line with bootstrap intervals. Each cell is resampled once
 * with its own seed (derived from the run's seed and the cell name), so results do not depend
 * on which pairs exist or in which order they are computed.
 */
final class SpeedupFinder {
    private final long seed;
    private final Map<String, double[][]> replicates = new HashMap<>();

    SpeedupFinder(long seed) {
        this.seed = seed;
    }

    List<Speedup> find(List<String> factors, List<CellResult> cells, Comparison comparison) {
        int f = factors.indexOf(comparison.factor());
        Map<List<String>, CellResult> baselines = new HashMap<>();
        for (CellResult c : cells) {
            if (c.levels().get(f).equals(comparison.baseline()) && c.stats().samples() > 0) {
                baselines.put(others(c.levels(), f), c);
            }
        }
        List<Speedup> out = new ArrayList<>();
        for (CellResult treatment : cells) {
            List<String> others = others(treatment.levels(), f);
            CellResult baseline = baselines.get(others);
            if (baseline == null || baseline == treatment || treatment.stats().samples() == 0) {
                continue;
            }
            double[] base = Bootstrap.observed(baseline.stats());
            double[] treat = Bootstrap.observed(treatment.stats());
            double[][] baseReps = replicatesOf(baseline);
            double[][] treatReps = replicatesOf(treatment);
            for (int m = 0; m < Bootstrap.METRICS.length; m++) {
                double[] ratios = new double[Bootstrap.RESAMPLES];
                for (int b = 0; b < ratios.length; b++) {
                    ratios[b] = baseReps[m][b] / treatReps[m][b];
                }
                Arrays.sort(ratios);
                out.add(new Speedup(comparison.factor(), comparison.baseline(), treatment.levels().get(f),
                        baseline.name(), treatment.name(), others, Bootstrap.METRICS[m], base[m], treat[m],
                        base[m] / treat[m], quantile(ratios, 0.025), quantile(ratios, 0.975)));
            }
        }
        return out;
    }

    private double[][] replicatesOf(CellResult cell) {
        return replicates.computeIfAbsent(cell.name(),
                name -> Bootstrap.replicates(cell.distinct(), seed ^ (name.hashCode() * 0x9E3779B97F4A7C15L)));
    }

    /** Percentile interval end: the value at rank ceil(q·B) of the sorted ratios (NaN sorts last). */
    private static double quantile(double[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    static List<String> others(List<String> levels, int except) {
        List<String> rest = new ArrayList<>(levels);
        rest.remove(except);
        return rest;
    }
}
