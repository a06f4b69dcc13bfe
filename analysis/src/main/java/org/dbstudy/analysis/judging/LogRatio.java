package org.dbstudy.analysis.judging;

import java.util.Arrays;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A ratio a / b on the log scale with its standard error and degrees of freedom, and the method that gave
 * them. {@link Method#PAIRED}: both cells have the same number (2+) of runs, taken as replicate pairs in
 * run order (a study's replicates interleave its cells), so the ratio is the mean of the pairs' log ratios
 * with a t-interval over them, df = pairs − 1 (a paired t-test on the log scale, as a reviewer would
 * compute it). {@link Method#DELTA}: otherwise, ln a − ln b with var ≈ se_a²/a² + se_b²/b² (delta method)
 * and Welch–Satterthwaite df. {@link Method#POINT}: a side has no interval.
 */
record LogRatio(double log, double se, double df, Method method, double[] perReplicate, Estimate.Source source) {

    enum Method {
        PAIRED("paired over replicates: t-interval over the per-replicate log ratios"),
        DELTA("delta method on the log scale, Welch-Satterthwaite df"),
        POINT("no interval");

        private final String words;

        Method(String words) {
            this.words = words;
        }

        String words() {
            return words;
        }
    }

    /** The ratio of two cells' estimates; the caller has checked that both points are positive and finite. */
    static LogRatio of(Estimate a, Estimate b) {
        double log = Math.log(a.point() / b.point());
        if (a.betweenRuns() && b.betweenRuns() && a.runs() == b.runs()) {
            double[] d = new double[a.runs()];
            for (int i = 0; i < d.length; i++) {
                d[i] = Math.log(a.observations()[i] / b.observations()[i]);
            }
            if (Arrays.stream(d).allMatch(Double::isFinite)) {
                return new LogRatio(Arrays.stream(d).average().orElseThrow(), Estimate.standardError(d), d.length - 1,
                        Method.PAIRED, d, Estimate.Source.BETWEEN_RUNS);
            }
        }
        if (a.hasInterval() && b.hasInterval()) {
            double va = a.se() * a.se() / (a.point() * a.point());
            double vb = b.se() * b.se() / (b.point() * b.point());
            double v = va + vb;
            double df = v == 0 ? Math.min(a.df(), b.df()) : v * v / (va * va / a.df() + vb * vb / b.df());
            Estimate.Source source = a.betweenRuns() && b.betweenRuns() ? Estimate.Source.BETWEEN_RUNS
                    : Estimate.Source.TIME_BATCHES;
            return new LogRatio(log, Math.sqrt(v), df, Method.DELTA, new double[0], source);
        }
        return new LogRatio(log, Double.NaN, Double.NaN, Method.POINT, new double[0], Estimate.Source.POINT);
    }

    /**
     * The geometric mean over pairs (strata): with every pair paired over the same number of replicates, the
     * per-replicate mean over strata of the log ratios with a t-interval over replicates; else the mean of the
     * log ratios with var = Σ var_s / k² and Welch–Satterthwaite df; without an interval on every pair, the point.
     */
    static LogRatio mean(List<LogRatio> pairs) {
        int k = pairs.size();
        double log = pairs.stream().mapToDouble(LogRatio::log).average().orElse(Double.NaN);
        int reps = pairs.get(0).perReplicate.length;
        if (pairs.stream().allMatch(p -> p.method == Method.PAIRED && p.perReplicate.length == reps)) {
            double[] d = new double[reps];
            for (LogRatio p : pairs) {
                for (int i = 0; i < reps; i++) {
                    d[i] += p.perReplicate[i] / k;
                }
            }
            return new LogRatio(Arrays.stream(d).average().orElseThrow(), Estimate.standardError(d), reps - 1,
                    Method.PAIRED, d, Estimate.Source.BETWEEN_RUNS);
        }
        if (pairs.stream().anyMatch(p -> p.method == Method.POINT)) {
            return new LogRatio(log, Double.NaN, Double.NaN, Method.POINT, new double[0], Estimate.Source.POINT);
        }
        double v = 0;
        double dfDenominator = 0;
        for (LogRatio p : pairs) {
            double part = p.se * p.se / ((double) k * k);
            v += part;
            dfDenominator += part * part / p.df;
        }
        double df = v == 0 ? pairs.stream().mapToDouble(LogRatio::df).min().orElseThrow() : v * v / dfDenominator;
        Estimate.Source source = pairs.stream().allMatch(p -> p.source == Estimate.Source.BETWEEN_RUNS)
                ? Estimate.Source.BETWEEN_RUNS : Estimate.Source.TIME_BATCHES;
        return new LogRatio(log, Math.sqrt(v), df, Method.DELTA, new double[0], source);
    }

    /**
     * Each pair again, with the variance of its per-replicate log ratios pooled over all pairs when every pair is
     * paired over the same number of replicates (the error term of a two-way layout, df = pairs × (replicates − 1),
     * as an analysis of variance pools it); else the pairs as they are.
     */
    static List<LogRatio> pooledWithin(List<LogRatio> pairs) {
        int reps = pairs.get(0).perReplicate.length;
        if (pairs.size() < 2 || reps < 2
                || !pairs.stream().allMatch(p -> p.method == Method.PAIRED && p.perReplicate.length == reps)) {
            return pairs;
        }
        double squares = 0;
        for (LogRatio p : pairs) {
            for (double d : p.perReplicate) {
                squares += (d - p.log) * (d - p.log);
            }
        }
        double df = pairs.size() * (reps - 1.0);
        double se = Math.sqrt(squares / df / reps);
        return pairs.stream().map(p -> new LogRatio(p.log, se, df, Method.PAIRED, p.perReplicate, p.source)).toList();
    }

    boolean hasInterval() {
        return method != Method.POINT && se >= 0 && df > 0;
    }

    double ratio() {
        return Math.exp(log);
    }

    /** The two-sided t quantile for {@code level}. */
    double t(double level) {
        return TDistribution.of(df).inverseSurvivalProbability((1 - level) / 2);
    }

    /** The interval of the ratio (not its log) at {@code level}. */
    double[] interval(double level) {
        double half = t(level) * se;
        return new double[] {Math.exp(log - half), Math.exp(log + half)};
    }
}
