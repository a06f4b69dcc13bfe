package org.dbstudy.analysis.judging;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * Judges one claim against the cells (levels in {@code factors} order). Ratios (ordering, ratio) are
 * geometric means over pairs of cells matched on every factor the claim does not name, on the log scale
 * ({@link LogRatio}: paired over replicates where both cells have the same runs, else the delta method), each
 * pair also judged so that a failing stratum is not hidden by the mean; trends are stratified
 * Jonckheere–Terpstra tests at one-sided α = 0.05, or a log-slope t-test ({@link SlopeTest}) where that
 * test cannot reach α; thresholds compare error counts as counted; limits use each cell's 95% interval.
 * Undecided verdicts say which way they lean and, where runs can decide them, how many ({@link Advice});
 * verdicts drawn from threatened cells say so ({@link Threats}). A sequential look judges with a smaller α of its
 * own (intervals at 1 − α, each one-sided trend test at α).
 */
final class ClaimJudge {
    static final double ALPHA = 0.05;
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private final List<String> factors;
    private final List<CellResult> cells;
    /** Every cell, with or without samples: the levels of a cell whose runs were all left out. */
    private final List<CellResult> allCells;
    private final List<RunStatusFile.Row> leftOut;
    private final Threats threats;
    /** A look's error rate: intervals are two-sided at 1 − alpha, each one-sided trend test at alpha. */
    private final double alpha;
    /** The two-sided intervals' level, 1 − alpha. */
    private final double interval;
    /** The monitor's files, for MONITOR claims; empty when no monitor ran. */
    private final Optional<MonitorFiles> monitor;

    ClaimJudge(List<String> factors, List<CellResult> cells) {
        this(factors, cells, List.of(), Threats.NONE, ALPHA);
    }

    ClaimJudge(List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut) {
        this(factors, cells, leftOut, Threats.NONE, ALPHA);
    }

    /**
     * @param cells   the cells as claims see them, without the runs in {@code leftOut}
     * @param leftOut runs that failed or did not finish ({@code run-status.csv}): each claim says which of its
     *                cells' runs it was judged without
     * @param alpha   the error rate of this look ({@link #ALPHA} when judged once; a sequential procedure's share
     *                of its error rate at each look, see the analysis' {@code adaptive} stage)
     * @param threats what threatens the cells: each verdict drawn from them says so
     */
    ClaimJudge(List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut, Threats threats,
            double alpha) {
        this(factors, cells, leftOut, threats, alpha, Optional.empty());
    }

    /**
     * @param monitor the monitor's files, for MONITOR claims; empty when no monitor ran
     */
    ClaimJudge(List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut, Threats threats,
            double alpha, Optional<MonitorFiles> monitor) {
        this.monitor = monitor;
        this.alpha = alpha;
        this.interval = 1 - alpha;
        this.factors = factors;
        this.threats = threats;
        this.allCells = cells;
        this.cells = cells.stream().filter(c -> c.stats().samples() > 0).toList();
        this.leftOut = leftOut;
    }

    Judgement judge(Claim c) {
        Judgement j = judgeCounted(c);
        String without = leftOutWords(c);
        return without.isEmpty() ? j : new Judgement(c, j.verdict(), j.ours(), j.explanation() + "; " + without);
    }

    /**
     * "judged on 5 of 6 runs; left out: c3 replicate 2 failed (server gone)": the runs of the claim's cells
     * that failed or did not finish; empty when none did.
     */
    private String leftOutWords(Claim c) {
        List<String> names = new ArrayList<>();
        int counted = 0;
        for (CellResult cell : allCells) {
            if (usedBy(c, cell)) {
                names.add(cell.name());
                counted += cell.runs().size();
            }
        }
        List<String> out = new ArrayList<>();
        for (RunStatusFile.Row r : leftOut) {
            if (names.contains(r.cell())) {
                out.add(r.cell() + " replicate " + r.replicate() + " " + (RunStatusFile.FAILED.equals(r.status())
                        ? "failed" + (r.reason().isEmpty() ? "" : " (" + r.reason() + ")") : "did not finish (" + r.status() + ")"));
            }
        }
        if (out.isEmpty()) {
            return "";
        }
        int shown = Math.min(3, out.size());
        return "judged on " + counted + " of " + (counted + out.size()) + " runs; left out " + out.size() + ": "
                + String.join(", ", out.subList(0, shown)) + (out.size() > shown ? " and " + (out.size() - shown) + " more" : "");
    }

    /** Whether the claim reads the cell: in its {@code where}, and for a ratio or ordering on side a or b. */
    boolean usedBy(Claim c, CellResult cell) {
        if (!c.testable() || cell.levels().size() != factors.size() || !known(c.where()) || !known(c.a()) || !known(c.b())
                || !matches(cell, c.where())) {
            return false;
        }
        return c.kind() != Claim.Kind.ORDERING && c.kind() != Claim.Kind.RATIO && c.kind() != Claim.Kind.INDISTINGUISHABLE
                || matches(cell, c.a()) || matches(cell, c.b());
    }

    private boolean known(Map<String, String> selection) {
        return factors.containsAll(selection.keySet());
    }

    private Judgement judgeCounted(Claim c) {
        if (!c.testable()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", c.untestable());
        }
        Optional<String> missing = missing(c);
        if (missing.isPresent()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", missing.get());
        }
        return switch (c.kind()) {
            case ORDERING, RATIO -> ratio(c);
            case TREND -> trend(c);
            case THRESHOLD -> threshold(c);
            case LIMIT -> limit(c);
            case INDISTINGUISHABLE -> EquivalenceJudge.judge(c, factors, estimates(c));
            case BEST -> BestLevelJudge.judge(c, factors, estimates(c));
            case KNEE -> KneeJudge.judge(c, factors, estimates(c));
            case SIGNIFICANT -> SignificanceJudge.judge(c, factors, estimates(c));
            case LABEL_RATIO -> LabelRatioJudge.judge(c, select(c.where()));
            case MONITOR -> MonitorJudge.judge(c, select(c.where()), monitor);
        };
    }

    /** The cells of the claim's {@code where} with their value of its metric. */
    private List<CellEstimate> estimates(Claim c) {
        return select(c.where()).stream()
                .map(cell -> new CellEstimate(cell.name(), cell.levels(), Estimate.of(cell, c.metric(), c.label()))).toList();
    }

    /** Why the run cannot answer: a factor or level the claim names is not in it. */
    private Optional<String> missing(Claim c) {
        if (cells.isEmpty()) {
            return Optional.of("no cell has samples");
        }
        List<Map<String, String>> selections = List.of(c.where(), c.a(), c.b());
        for (Map<String, String> s : selections) {
            for (Map.Entry<String, String> e : s.entrySet()) {
                int i = factors.indexOf(e.getKey());
                if (i < 0) {
                    return Optional.of("this run has no factor " + e.getKey());
                }
                if (cells.stream().noneMatch(cell -> cell.levels().get(i).equals(e.getValue()))) {
                    return Optional.of("this run has no cell with " + e.getKey() + "=" + e.getValue()
                            + " (a reduced design?)");
                }
            }
        }
        if (!c.factor().isEmpty() && !factors.contains(c.factor())) {
            return Optional.of("this run has no factor " + c.factor());
        }
        return Optional.empty();
    }

    private List<CellResult> select(Map<String, String> selection) {
        return cells.stream().filter(cell -> selection.entrySet().stream()
                .allMatch(e -> cell.levels().get(factors.indexOf(e.getKey())).equals(e.getValue()))).toList();
    }

    /** The cell's levels of the factors not named in {@code named}: what a pair or stratum shares. */
    private List<String> rest(CellResult cell, java.util.Set<String> named) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) {
            if (!named.contains(factors.get(i))) {
                out.add(cell.levels().get(i));
            }
        }
        return out;
    }

    private Judgement ratio(Claim c) {
        List<CellResult> in = select(c.where());
        java.util.Set<String> named = new java.util.HashSet<>(c.a().keySet());
        named.addAll(c.b().keySet());
        named.addAll(c.where().keySet());
        Map<List<String>, CellResult> bs = new LinkedHashMap<>();
        for (CellResult cell : in) {
            if (matches(cell, c.b())) {
                bs.put(rest(cell, named), cell);
            }
        }
        List<LogRatio> finite = new ArrayList<>();
        List<String> strata = new ArrayList<>();
        List<String> used = new ArrayList<>();
        double sumLog = 0;
        int pairs = 0;
        int below = 0;
        double min = Double.POSITIVE_INFINITY;
        double max = 0;
        for (CellResult cell : in) {
            CellResult other = matches(cell, c.a()) ? bs.get(rest(cell, named)) : null;
            if (other == null) {
                continue;
            }
            Estimate ea = Estimate.of(cell, c.metric(), c.label());
            Estimate eb = Estimate.of(other, c.metric(), c.label());
            double r = ea.point() / eb.point();
            if (!(r > 0) || Double.isInfinite(r)) {
                if (ea.point() == 0 && eb.point() == 0) {
                    continue; // 0 / 0: e.g. no errors in either cell; tells nothing about the order
                }
                r = ea.point() == 0 ? 0 : Double.POSITIVE_INFINITY;
            } else {
                finite.add(LogRatio.of(ea, eb));
                strata.add(strataName(cell, named));
            }
            used.add(cell.name());
            used.add(other.name());
            pairs++;
            below += r < 1 ? 1 : 0;
            min = Math.min(min, r);
            max = Math.max(max, r);
            sumLog += Math.log(r);
        }
        if (pairs == 0) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "no pair of cells " + Claim.describe(c.a(), factors)
                    + " / " + Claim.describe(c.b(), factors) + " with the same other levels has a defined ratio");
        }
        double lowBound = c.kind() == Claim.Kind.ORDERING ? Double.NaN : c.low();
        double highBound = c.kind() == Claim.Kind.ORDERING ? 1 : c.high();
        String what = c.metric().id() + " " + Claim.describe(c.a(), factors) + " / " + Claim.describe(c.b(), factors);
        String pairWords = pairs == 1 ? "one pair of cells" : "geometric mean over " + pairs + " matched pairs (each "
                + num(min) + " to " + num(max) + "), " + below + " of " + pairs + " below 1";
        String range = rangeWords(lowBound, highBound);
        LogRatio mean = finite.size() == pairs ? LogRatio.mean(finite) : null;
        if (mean == null || !mean.hasInterval() || !Double.isFinite(mean.log())) {
            String threats = this.threats.words(used, false);
            double ratio = Math.exp(sumLog / pairs);
            Verdict v = inside(ratio, lowBound, highBound) ? Verdict.HOLDS
                    : onBound(ratio, lowBound, highBound) ? Verdict.UNDECIDED : Verdict.DOES_NOT_HOLD;
            return new Judgement(c, v, num(ratio), what + " = " + num(ratio) + " (" + pairWords + "); claimed " + range
                    + "; judged on the point: " + (mean == null ? "a pair's ratio is 0 or unbounded (one side has none of"
                    + " it), which has no interval on the log scale" : noIntervalWhy(c))
                    + (v == Verdict.UNDECIDED ? "; " + Advice.leaning(0, "the point sits on the bound") : "") + threats);
        }
        String threats = this.threats.words(used, mean.source() == Estimate.Source.TIME_BATCHES);
        double ratio = mean.ratio();
        double[] ci = mean.interval(interval);
        String ours = num(ratio) + " [" + num(ci[0]) + ", " + num(ci[1]) + "]";
        String base = what + " = " + ours + " (" + levelWords() + " interval, " + pairWords + "; " + mean.method().words()
                + (mean.method() == LogRatio.Method.DELTA ? ", " + mean.source().words() : "") + "); claimed " + range;
        List<String> failing = pairs > 1 && !aboutTheMean(c) ? strataOutside(finite, strata, lowBound, highBound, interval) : List.of();
        String strataWords = failing.isEmpty() ? "" : "; outside the claimed range, interval and all (Bonferroni over "
                + pairs + " pairs), at " + String.join(", ", failing);
        if (inside(ci[0], lowBound, highBound) && inside(ci[1], lowBound, highBound)) {
            return failing.isEmpty() ? new Judgement(c, Verdict.HOLDS, ours, base + ": the whole interval is inside" + threats)
                    : new Judgement(c, Verdict.DOES_NOT_HOLD, ours, base + ": the mean's interval is inside, but not every"
                            + " pair" + strataWords + " (the claim is not about the mean alone)" + threats);
        }
        if (ci[1] < (Double.isNaN(lowBound) ? Double.NEGATIVE_INFINITY : lowBound)
                || ci[0] > (Double.isNaN(highBound) ? Double.POSITIVE_INFINITY : highBound)) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ours, base + ": the whole interval is outside" + strataWords
                    + threats);
        }
        if (!failing.isEmpty()) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ours, base + ": the mean's interval crosses the bound"
                    + strataWords + threats);
        }
        // The interval straddles a bound: how far the point is from it, against the interval's half-width.
        double bound = Math.abs(mean.log() - log(lowBound)) < Math.abs(mean.log() - log(highBound)) && !Double.isNaN(lowBound)
                ? log(lowBound) : log(highBound);
        int runs = runsOf(in, used);
        return new Judgement(c, Verdict.UNDECIDED, ours, base + ": the interval crosses the bound; "
                + Advice.leaning(inside(ratio, lowBound, highBound) ? 1 : -1, "the point " + num(ratio) + " is "
                        + (inside(ratio, lowBound, highBound) ? "inside" : "outside") + " the claimed range") + "; "
                + Advice.replicates(mean.t(interval) * mean.se(), Math.abs(mean.log() - bound), runs, mean.source())
                + threats);
    }

    /**
     * The pairs whose Bonferroni-widened interval ({@code interval} over all pairs together) lies wholly outside the range, their
     * variance pooled over the pairs where all are paired ({@link LogRatio#pooledWithin}).
     */
    private static List<String> strataOutside(List<LogRatio> separate, List<String> names, double low, double high,
            double interval) {
        List<LogRatio> pairs = LogRatio.pooledWithin(separate);
        List<String> out = new ArrayList<>();
        double level = 1 - (1 - interval) / pairs.size();
        for (int i = 0; i < pairs.size(); i++) {
            LogRatio p = pairs.get(i);
            if (!p.hasInterval()) {
                continue;
            }
            double[] ci = p.interval(level);
            if (ci[1] < (Double.isNaN(low) ? Double.NEGATIVE_INFINITY : low)
                    || ci[0] > (Double.isNaN(high) ? Double.POSITIVE_INFINITY : high)) {
                out.add(names.get(i) + " " + num(p.ratio()) + " [" + num(ci[0]) + ", " + num(ci[1]) + "]");
            }
        }
        return out;
    }

    /** A claim that says it is about the mean over the other factors' levels: judged on the geometric mean alone. */
    static boolean aboutTheMean(Claim c) {
        String says = c.says().toLowerCase(Locale.ROOT);
        return says.contains("on average") || says.contains("geometric mean") || says.contains("averaged over");
    }

    /** "users=2, warehouses=4": a pair's levels of the factors the claim does not name. */
    private String strataName(CellResult cell, java.util.Set<String> named) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < factors.size(); i++) {
            if (!named.contains(factors.get(i))) {
                parts.add(factors.get(i) + "=" + cell.levels().get(i));
            }
        }
        return parts.isEmpty() ? cell.name() : String.join(", ", parts);
    }

    /** Why a claim is judged on its point: which side had no interval. */
    private static String noIntervalWhy(Claim c) {
        return c.metric().id() + (c.label().isEmpty() ? "" : " of " + c.label())
                + " has no interval here (one run per cell gives time batches for the mean, median, p90 and throughput"
                + " of a whole cell only; 2 or more runs per cell give every metric one)";
    }

    /** The fewest runs among the named cells. */
    private static int runsOf(List<CellResult> in, List<String> names) {
        return in.stream().filter(cell -> names.contains(cell.name())).mapToInt(cell -> cell.runs().size()).min().orElse(1);
    }

    /** "0.05", or a sequential look's share such as "0.0079". */
    private String alphaWords() {
        return alpha == ALPHA ? Double.toString(ALPHA) : num(alpha);
    }

    /** "95%", or a sequential look's level such as "99.4%". */
    private String levelWords() {
        double percent = 100 * (1 - alpha);
        return (percent == Math.rint(percent) ? String.format(Locale.ROOT, "%.0f", percent)
                : String.format(Locale.ROOT, "%.4g", percent)) + "%";
    }

    private static double log(double bound) {
        return Double.isNaN(bound) ? Double.NaN : Math.log(bound);
    }

    /** Whether x is strictly inside [low, high]; a NaN bound is none. */
    static boolean inside(double x, double low, double high) {
        return (Double.isNaN(low) || x > low) && (Double.isNaN(high) || x < high);
    }

    private static boolean onBound(double x, double low, double high) {
        return x == low || x == high;
    }

    private static String rangeWords(double low, double high) {
        if (Double.isNaN(low)) {
            return "below " + num(high);
        }
        if (Double.isNaN(high)) {
            return "above " + num(low);
        }
        return "between " + num(low) + " and " + num(high);
    }

    private boolean matches(CellResult cell, Map<String, String> selection) {
        return selection.entrySet().stream()
                .allMatch(e -> cell.levels().get(factors.indexOf(e.getKey())).equals(e.getValue()));
    }

    private Judgement trend(Claim c) {
        int fi = factors.indexOf(c.factor());
        List<CellResult> in = select(c.where());
        List<String> order = levelOrder(in, fi);
        if (order.size() < 2) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "this run has " + order.size() + " level of "
                    + c.factor() + " among the cells claimed about; a trend needs two or more");
        }
        java.util.Set<String> named = new java.util.HashSet<>(c.where().keySet());
        named.add(c.factor());
        Map<List<String>, List<double[]>> strata = new LinkedHashMap<>();
        Map<String, List<Double>> pointsByLevel = new LinkedHashMap<>();
        order.forEach(l -> pointsByLevel.put(l, new ArrayList<>()));
        List<Estimate> estimates = new ArrayList<>();
        for (CellResult cell : in) {
            List<String> key = rest(cell, named);
            List<double[]> groups = strata.computeIfAbsent(key, k -> {
                List<double[]> g = new ArrayList<>();
                order.forEach(l -> g.add(new double[0]));
                return g;
            });
            Estimate e = Estimate.of(cell, c.metric(), c.label());
            estimates.add(e);
            String level = cell.levels().get(fi);
            int at = order.indexOf(level);
            double[] obs = java.util.Arrays.stream(e.observations()).filter(Double::isFinite).toArray();
            double[] old = groups.get(at);
            double[] merged = java.util.Arrays.copyOf(old, old.length + obs.length);
            System.arraycopy(obs, 0, merged, old.length, obs.length);
            groups.set(at, merged);
            pointsByLevel.get(level).add(e.point());
        }
        List<List<double[]>> nonEmpty = strata.values().stream()
                .map(g -> g.stream().filter(x -> x.length > 0).toList()).filter(g -> g.size() >= 2).toList();
        StringBuilder ours = new StringBuilder();
        pointsByLevel.forEach((level, points) -> ours.append(ours.length() == 0 ? "" : " → ")
                .append(num(points.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN))));
        ours.append(" (").append(c.factor()).append(' ').append(String.join(", ", order)).append(')');
        if (nonEmpty.isEmpty()) {
            return new Judgement(c, Verdict.NOT_TESTABLE, ours.toString(), "no stratum has two levels with values");
        }
        boolean up = c.direction() == Claim.Direction.INCREASING;
        List<String> used = in.stream().map(CellResult::name).toList();
        Estimate.Source source = estimates.stream().allMatch(Estimate::betweenRuns) ? Estimate.Source.BETWEEN_RUNS
                : estimates.stream().anyMatch(e -> e.source() == Estimate.Source.POINT) ? Estimate.Source.POINT
                : Estimate.Source.TIME_BATCHES;
        String threatWords = threats.words(used, source == Estimate.Source.TIME_BATCHES);
        JonckheereTerpstra jt = JonckheereTerpstra.of(nonEmpty);
        double best = JonckheereTerpstra.smallestP(nonEmpty);
        double p;
        double pOther;
        double zSigned;
        String test;
        if (best < alpha || source == Estimate.Source.POINT) {
            p = up ? jt.pIncreasing() : jt.pDecreasing();
            pOther = up ? jt.pDecreasing() : jt.pIncreasing();
            zSigned = up ? jt.z() : -jt.z();
            test = "Jonckheere-Terpstra over " + Estimate.unit(estimates) + " (" + jt.observations() + " values, "
                    + nonEmpty.size() + (nonEmpty.size() == 1 ? " stratum" : " strata") + ", " + (jt.exact() ? "exact" : "normal")
                    + "): z = " + num(jt.z()) + ", one-sided p = " + num(p) + " for " + c.direction().id();
        } else {
            SlopeTest slope = SlopeTest.of(new ArrayList<>(strata.values()));
            p = up ? slope.pIncreasing() : slope.pDecreasing();
            pOther = up ? slope.pDecreasing() : slope.pIncreasing();
            zSigned = up ? slope.t() : -slope.t();
            test = "slope of " + (slope.log() ? "ln " : "") + c.metric().id() + " on the level's rank over "
                    + Estimate.unit(estimates) + " (" + slope.observations() + " values, " + strata.size()
                    + (strata.size() == 1 ? " stratum" : " strata") + "; the exact Jonckheere-Terpstra test cannot reach p < "
                    + alphaWords() + " here, its smallest p is " + num(best) + "): " + (slope.log() ? "×" + num(Math.exp(slope.slope()))
                    : num(slope.slope())) + " per level, t = " + num(slope.t()) + " on " + num(slope.df()) + " df, one-sided p = "
                    + num(p) + " for " + c.direction().id();
        }
        if (p < alpha) {
            return new Judgement(c, Verdict.HOLDS, ours.toString(), test + " < " + alphaWords() + threatWords);
        }
        if (pOther < alpha) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ours.toString(), test + "; the opposite trend is significant"
                    + " (p = " + num(pOther) + ")" + threatWords);
        }
        int runs = estimates.stream().mapToInt(Estimate::runs).min().orElse(1);
        double zNeeded = NORMAL.inverseCumulativeProbability(1 - alpha);
        String lean = Advice.leaning(zSigned, zSigned > 0 ? "the values go the claimed way" : zSigned < 0
                ? "the values go the other way" : "the values show no order");
        String more = zSigned > 0 ? Advice.replicates(zNeeded, zSigned, Math.max(runs, 1), source)
                : "more replicates would not likely show the claimed trend";
        return new Judgement(c, Verdict.UNDECIDED, ours.toString(), test + ": inside the noise; " + lean + "; " + more
                + threatWords);
    }

    /** The factor's levels among the cells, numeric ones by value, others in manifest order. */
    private static List<String> levelOrder(List<CellResult> in, int fi) {
        List<String> levels = in.stream().map(c -> c.levels().get(fi)).distinct().toList();
        if (levels.stream().allMatch(ClaimJudge::numeric)) {
            return levels.stream().sorted(java.util.Comparator.comparingDouble(Double::parseDouble)).toList();
        }
        return levels;
    }

    static boolean numeric(String s) {
        try {
            Double.parseDouble(s);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private Judgement threshold(Claim c) {
        int fi = factors.indexOf(c.factor());
        List<CellResult> in = select(c.where());
        List<String> order = levelOrder(in, fi);
        int last = order.indexOf(c.upTo());
        if (last < 0 && numeric(c.upTo()) && order.stream().allMatch(ClaimJudge::numeric)) {
            double limit = Double.parseDouble(c.upTo());
            last = (int) order.stream().filter(l -> Double.parseDouble(l) <= limit).count() - 1;
        }
        if (last < 0) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "this run has no level of " + c.factor() + " up to "
                    + c.upTo());
        }
        List<String> within = order.subList(0, last + 1);
        List<String> broken = new ArrayList<>();
        StringBuilder ours = new StringBuilder();
        for (String level : order) {
            double worst = in.stream().filter(cell -> cell.levels().get(fi).equals(level))
                    .mapToDouble(cell -> Estimate.of(cell, c.metric(), c.label()).point())
                    .reduce(within.contains(level) ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY,
                            within.contains(level) ? Math::max : Math::min);
            ours.append(ours.length() == 0 ? "" : ", ").append(level).append(": ").append(num(worst));
            if (within.contains(level) ? worst > c.high() : !Double.isNaN(c.low()) && !(worst > c.low())) {
                broken.add(c.factor() + "=" + level + " (" + num(worst) + ")");
            }
        }
        String claimed = c.metric().id() + " at most " + num(c.high()) + " up to " + c.factor() + "=" + c.upTo()
                + (Double.isNaN(c.low()) ? "" : " and above " + num(c.low()) + " past it");
        String note = !Double.isNaN(c.low()) && last == order.size() - 1 ? "; no level past " + c.upTo() + " in this run"
                : "";
        String ourWords = ours + " " + c.metric().unit() + " (" + (within.size() < order.size() ? "worst within, least past"
                : "worst per level") + ")";
        if (broken.isEmpty()) {
            return new Judgement(c, Verdict.HOLDS, ourWords, claimed + ": every level agrees, as counted" + note);
        }
        return new Judgement(c, Verdict.DOES_NOT_HOLD, ourWords, claimed + ": not at " + String.join(", ", broken));
    }

    private Judgement limit(Claim c) {
        List<CellResult> in = select(c.where());
        List<String> outside = new ArrayList<>();
        List<String> unsure = new ArrayList<>();
        StringBuilder ours = new StringBuilder();
        double worstHalf = 0;
        double worstDistance = Double.POSITIVE_INFINITY;
        int runs = Integer.MAX_VALUE;
        Estimate.Source source = Estimate.Source.BETWEEN_RUNS;
        boolean pointsInside = true;
        for (CellResult cell : in) {
            Estimate e = Estimate.of(cell, c.metric(), c.label());
            if (Double.isNaN(e.point())) {
                continue;
            }
            double half = e.hasInterval() ? TDistribution.of(e.df()).inverseCumulativeProbability(1 - alpha / 2) * e.se() : 0;
            double lo = e.point() - half;
            double hi = e.point() + half;
            String name = in.size() == 1 ? "" : cell.name() + ": ";
            ours.append(ours.length() == 0 ? "" : "; ").append(name).append(num(e.point()))
                    .append(half > 0 ? " [" + num(lo) + ", " + num(hi) + "]" : "");
            if (inside(lo, c.low(), c.high()) && inside(hi, c.low(), c.high())) {
                continue;
            }
            if (!inside(lo, c.low(), c.high()) && !inside(hi, c.low(), c.high())
                    && !(lo <= c.low() && hi >= c.high())) {
                outside.add(cell.name());
            } else {
                unsure.add(cell.name());
                worstHalf = Math.max(worstHalf, half);
                double d = Math.min(Double.isNaN(c.low()) ? Double.POSITIVE_INFINITY : Math.abs(e.point() - c.low()),
                        Double.isNaN(c.high()) ? Double.POSITIVE_INFINITY : Math.abs(e.point() - c.high()));
                worstDistance = Math.min(worstDistance, d);
                runs = Math.min(runs, Math.max(1, e.runs()));
                source = e.source().compareTo(source) > 0 ? e.source() : source;
                pointsInside &= inside(e.point(), c.low(), c.high());
            }
        }
        if (ours.length() == 0) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", c.label().isEmpty() ? "no values"
                    : "no cell has samples labelled " + c.label());
        }
        String claimed = c.metric().id() + (c.label().isEmpty() ? "" : " of " + c.label()) + " "
                + rangeWords(c.low(), c.high()) + " " + c.metric().unit() + " in " + in.size() + " cell(s)";
        String ourWords = ours + " " + c.metric().unit();
        if (!outside.isEmpty()) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ourWords, claimed + ": outside, interval and all, in "
                    + String.join(", ", outside) + threats.words(usedNames(in), false));
        }
        if (!unsure.isEmpty()) {
            return new Judgement(c, Verdict.UNDECIDED, ourWords, claimed + ": the interval crosses the bound in "
                    + String.join(", ", unsure) + "; " + Advice.leaning(pointsInside ? 1 : -1,
                    "the point" + (unsure.size() > 1 ? "s are " : " is ") + (pointsInside ? "inside" : "outside") + " the claimed range")
                    + "; " + Advice.replicates(worstHalf, worstDistance, runs, source) + threats.words(usedNames(in), false));
        }
        return new Judgement(c, Verdict.HOLDS, ourWords, claimed + ": inside, interval and all"
                + threats.words(usedNames(in), false));
    }

    private static List<String> usedNames(List<CellResult> in) {
        return in.stream().map(CellResult::name).toList();
    }

    static String num(double v) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "∞" : "-∞";
        }
        if (v == 0) {
            return "0";
        }
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%.0f", v) : a >= 1 ? String.format(Locale.ROOT, "%.3g", v)
                : String.format(Locale.ROOT, "%.2g", v);
    }
}
