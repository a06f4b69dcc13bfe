package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.Spread;

/**
 * Each factor's effect on the study's main measures, for the report's answer: every level against
 * the factor's baseline level (its first declared level, or the one {@code --baseline} names; never the
 * first in run order, which {@code order: random} shuffles), in each setting of the other factors (cells equal in all but this
 * factor), as the ratio of the analysed samples' mean and 90 % line (with the 95 % interval of the
 * ratio, {@link Spread#ratioInterval}) and of successful samples per second, and the difference of
 * the error rate in percentage points. Over several settings: the geometric mean of the ratios, their
 * smallest and largest, and in how many settings the interval lies wholly above or below 1.
 */
public final class LevelEffects {
    /** What is compared. */
    public enum Measure {
        MEAN("mean response time"), P90("90% line"), THROUGHPUT("successful samples/s"), ERRORS("errors");

        private final String text;

        Measure(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /**
     * Error rates of two levels differ, for the answer, when in some setting of the other factors they are
     * more than this many percentage points apart: then the successful samples' response times describe
     * different samples (the few that did not fail), and the answer leads with goodput and errors.
     */
    public static final double ERRORS_DIFFER_POINTS = 1.0;

    /**
     * One level against the baseline level on one measure, summarised over the settings of the other
     * factors. For {@link Measure#ERRORS} the values are differences in percentage points, else ratios.
     *
     * @param ciLow         the interval of the one setting's ratio (NaN with several settings or none)
     * @param clear         settings whose interval lies wholly above or below 1
     * @param intervals     settings with an interval
     * @param baselineMean  the measure itself at the baseline, averaged over the settings (error %, ms, /s)
     * @param levelMean     the same at the level
     */
    public record Effect(String factor, String baseline, String level, Measure measure, int settings, double value,
                         double min, double max, double ciLow, double ciHigh, int clear, int intervals,
                         double baselineMean, double levelMean) {
        /** For {@link Measure#ERRORS}: whether some setting's error rates differ by more than {@link #ERRORS_DIFFER_POINTS}. */
        public boolean errorsDiffer() {
            return measure == Measure.ERRORS && settings > 0
                    && Math.max(Math.abs(min), Math.abs(max)) > ERRORS_DIFFER_POINTS;
        }
    }

    private LevelEffects() {
    }

    /** Every level against the first of the cells' levels (no declared order known: tests and studies without a manifest). */
    public static List<Effect> of(List<String> factors, List<CellResult> cells) {
        return of(factors, cells, f -> List.of());
    }

    /**
     * Every level against its factor's baseline: {@code order} gives a factor's levels with the baseline first
     * (levels it does not list follow in the cells' order); the first of them with analysed samples is the baseline.
     */
    public static List<Effect> of(List<String> factors, List<CellResult> cells, Function<String, List<String>> order) {
        List<Effect> out = new ArrayList<>();
        for (int f = 0; f < factors.size(); f++) {
            Map<String, List<CellResult>> byLevel = new LinkedHashMap<>();
            order.apply(factors.get(f)).forEach(level -> byLevel.put(level, new ArrayList<>()));
            for (CellResult c : cells) {
                if (c.analysed().samples() > 0) {
                    byLevel.computeIfAbsent(c.levels().get(f), k -> new ArrayList<>()).add(c);
                }
            }
            byLevel.values().removeIf(List::isEmpty);
            if (byLevel.size() < 2) {
                continue;
            }
            String baseline = byLevel.keySet().iterator().next();
            Map<List<String>, CellResult> base = new HashMap<>();
            for (CellResult c : byLevel.get(baseline)) {
                base.put(SpeedupFinder.others(c.levels(), f), c);
            }
            for (Map.Entry<String, List<CellResult>> e : byLevel.entrySet()) {
                if (e.getKey().equals(baseline)) {
                    continue;
                }
                List<CellResult[]> pairs = new ArrayList<>();
                for (CellResult c : e.getValue()) {
                    CellResult b = base.get(SpeedupFinder.others(c.levels(), f));
                    if (b != null) {
                        pairs.add(new CellResult[] {b, c});
                    }
                }
                if (!pairs.isEmpty()) {
                    for (Measure m : Measure.values()) {
                        out.add(effect(factors.get(f), baseline, e.getKey(), m, pairs));
                    }
                }
            }
        }
        return out;
    }

    private static Effect effect(String factor, String baseline, String level, Measure m, List<CellResult[]> pairs) {
        double logSum = 0;
        double sum = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        int n = 0;
        int clear = 0;
        int intervals = 0;
        double baseSum = 0;
        double levelSum = 0;
        double[] only = {Double.NaN, Double.NaN};
        for (CellResult[] p : pairs) {
            CellResult b = p[0];
            CellResult t = p[1];
            double v;
            double bv;
            double tv;
            double[] ci = {Double.NaN, Double.NaN};
            switch (m) {
                case MEAN, P90 -> {
                    int metric = m == Measure.MEAN ? RunValues.MEAN : 2;
                    bv = m == Measure.MEAN ? b.analysed().mean() : b.analysed().p90();
                    tv = m == Measure.MEAN ? t.analysed().mean() : t.analysed().p90();
                    v = tv / bv;
                    boolean between = b.runs().size() >= 2 && t.runs().size() >= 2;
                    ci = Spread.ratioInterval(tv, Spread.of(t.runs(), metric, between), bv, Spread.of(b.runs(), metric, between));
                }
                case THROUGHPUT -> {
                    bv = b.success().throughputPerSecond();
                    tv = t.success().throughputPerSecond();
                    v = tv / bv;
                }
                default -> {
                    bv = b.stats().errorPercent();
                    tv = t.stats().errorPercent();
                    v = tv - bv;
                }
            }
            if (!Double.isFinite(v) || m != Measure.ERRORS && !(v > 0)) {
                continue;
            }
            n++;
            sum += v;
            baseSum += bv;
            levelSum += tv;
            logSum += m == Measure.ERRORS ? 0 : Math.log(v);
            min = Math.min(min, v);
            max = Math.max(max, v);
            if (Double.isFinite(ci[0]) && Double.isFinite(ci[1])) {
                intervals++;
                clear += ci[0] > 1 || ci[1] < 1 ? 1 : 0;
                only = ci;
            }
        }
        double value = n == 0 ? Double.NaN : m == Measure.ERRORS ? sum / n : Math.exp(logSum / n);
        boolean one = n == 1 && intervals == 1;
        return new Effect(factor, baseline, level, m, n, value, n == 0 ? Double.NaN : min, n == 0 ? Double.NaN : max,
                one ? only[0] : Double.NaN, one ? only[1] : Double.NaN, clear, intervals,
                n == 0 ? Double.NaN : baseSum / n, n == 0 ? Double.NaN : levelSum / n);
    }
}
