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
 * geometric means over pairs of cells matched on every factor the claim does not name, with a t-interval
 * on the log scale (delta method: var ln x ≈ se²/x², the smallest df of the cells); trends are stratified
 * Jonckheere–Terpstra tests at one-sided α = 0.05; thresholds compare error counts as counted; limits use
 * each cell's 95% interval. Undecided verdicts say how many replicates per cell would decide them if the
 * effect is as large as measured (the interval shrinks as 1/√n).
 */
final class ClaimJudge {
    static final double ALPHA = 0.05;
    private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

    private final List<String> factors;
    private final List<CellResult> cells;
    /** Every cell, with or without samples: the levels of a cell whose runs were all left out. */
    private final List<CellResult> allCells;
    private final List<RunStatusFile.Row> leftOut;
    /** The monitor's files, for MONITOR claims; empty when no monitor ran. */
    private final Optional<MonitorFiles> monitor;

    ClaimJudge(List<String> factors, List<CellResult> cells) {
        this(factors, cells, List.of());
    }

    ClaimJudge(List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut) {
        this(factors, cells, leftOut, Optional.empty());
    }

    /**
     * @param cells   the cells as claims see them, without the runs in {@code leftOut}
     * @param leftOut runs that failed or did not finish ({@code run-status.csv}): each claim says which of its
     *                cells' runs it was judged without
     */
    ClaimJudge(List<String> factors, List<CellResult> cells, List<RunStatusFile.Row> leftOut,
            Optional<MonitorFiles> monitor) {
        this.monitor = monitor;
        this.factors = factors;
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
    private boolean usedBy(Claim c, CellResult cell) {
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
        double sumLog = 0;
        double sumVar = 0;
        double df = Double.POSITIVE_INFINITY;
        int pairs = 0;
        int below = 0;
        int runs = Integer.MAX_VALUE;
        boolean interval = true;
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
            }
            pairs++;
            below += r < 1 ? 1 : 0;
            min = Math.min(min, r);
            max = Math.max(max, r);
            sumLog += Math.log(r);
            if (ea.hasInterval() && eb.hasInterval() && r > 0 && Double.isFinite(r)) {
                sumVar += ea.se() * ea.se() / (ea.point() * ea.point()) + eb.se() * eb.se() / (eb.point() * eb.point());
                df = Math.min(df, Math.min(ea.df(), eb.df()));
                runs = Math.min(runs, Math.min(ea.runs(), eb.runs()));
            } else {
                interval = false;
            }
        }
        if (pairs == 0) {
            return new Judgement(c, Verdict.NOT_TESTABLE, "", "no pair of cells " + Claim.describe(c.a(), factors)
                    + " / " + Claim.describe(c.b(), factors) + " with the same other levels has a defined ratio");
        }
        double logRatio = sumLog / pairs;
        double ratio = Math.exp(logRatio);
        double lowBound = c.kind() == Claim.Kind.ORDERING ? Double.NaN : c.low();
        double highBound = c.kind() == Claim.Kind.ORDERING ? 1 : c.high();
        String what = c.metric().id() + " " + Claim.describe(c.a(), factors) + " / " + Claim.describe(c.b(), factors);
        String pairWords = pairs == 1 ? "one pair of cells" : "geometric mean over " + pairs + " matched pairs (each "
                + num(min) + " to " + num(max) + "), " + below + " of " + pairs + " below 1";
        String range = rangeWords(lowBound, highBound);
        if (!interval || !Double.isFinite(logRatio)) {
            Verdict v = inside(ratio, lowBound, highBound) ? Verdict.HOLDS
                    : onBound(ratio, lowBound, highBound) ? Verdict.UNDECIDED : Verdict.DOES_NOT_HOLD;
            return new Judgement(c, v, num(ratio), what + " = " + num(ratio) + " (" + pairWords + "); claimed " + range
                    + "; judged on the point: " + c.metric().id() + " has no interval here");
        }
        double se = Math.sqrt(sumVar) / pairs;
        double t = TDistribution.of(df).inverseCumulativeProbability(0.975);
        double lo = Math.exp(logRatio - t * se);
        double hi = Math.exp(logRatio + t * se);
        String ours = num(ratio) + " [" + num(lo) + ", " + num(hi) + "]";
        String base = what + " = " + ours + " (95% interval, " + pairWords + "); claimed " + range;
        if (inside(lo, lowBound, highBound) && inside(hi, lowBound, highBound)) {
            return new Judgement(c, Verdict.HOLDS, ours, base + ": the whole interval is inside");
        }
        if (hi < (Double.isNaN(lowBound) ? Double.NEGATIVE_INFINITY : lowBound)
                || lo > (Double.isNaN(highBound) ? Double.POSITIVE_INFINITY : highBound)) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ours, base + ": the whole interval is outside");
        }
        // The interval straddles a bound: how far the point is from it, against the interval's half-width.
        double bound = Math.abs(logRatio - log(lowBound)) < Math.abs(logRatio - log(highBound)) && !Double.isNaN(lowBound)
                ? log(lowBound) : log(highBound);
        return new Judgement(c, Verdict.UNDECIDED, ours, base + ": the interval crosses the bound; "
                + replicatesNeeded(t * se, Math.abs(logRatio - bound), runs == Integer.MAX_VALUE ? 1 : runs));
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

    /** Replicates per cell for a 95% half-width {@code half} to shrink below {@code distance} (∝ 1/√n). */
    static String replicatesNeeded(double half, double distance, int runs) {
        if (!(distance > 0)) {
            return "the point sits on the bound: no number of replicates decides it";
        }
        double n = Math.ceil(runs * (half / distance) * (half / distance));
        return "about " + (long) Math.max(runs + 1, n) + " replicates per cell would decide it if the effect is as"
                + " measured (now " + runs + (runs == 1 ? ", interval from time batches within the run" : "") + ")";
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
        JonckheereTerpstra jt = JonckheereTerpstra.of(nonEmpty);
        boolean up = c.direction() == Claim.Direction.INCREASING;
        double p = up ? jt.pIncreasing() : jt.pDecreasing();
        double pOther = up ? jt.pDecreasing() : jt.pIncreasing();
        String test = "Jonckheere-Terpstra over " + Estimate.unit(estimates) + " (" + jt.observations() + " values, "
                + nonEmpty.size() + (nonEmpty.size() == 1 ? " stratum" : " strata") + ", " + (jt.exact() ? "exact" : "normal")
                + "): z = " + num(jt.z()) + ", one-sided p = " + num(p) + " for " + c.direction().id();
        if (p < ALPHA) {
            return new Judgement(c, Verdict.HOLDS, ours.toString(), test + " < " + ALPHA);
        }
        if (pOther < ALPHA) {
            return new Judgement(c, Verdict.DOES_NOT_HOLD, ours.toString(), test + "; the opposite trend is significant"
                    + " (p = " + num(pOther) + ")");
        }
        int runs = estimates.stream().mapToInt(Estimate::runs).min().orElse(1);
        double zNeeded = NORMAL.inverseCumulativeProbability(1 - ALPHA);
        double zSigned = up ? jt.z() : -jt.z();
        String more = zSigned > 0 ? replicatesNeeded(zNeeded, zSigned, Math.max(runs, 1))
                : "the values lean the other way; more replicates would more likely show the opposite";
        if (jt.exact() && jt.observations() == order.size() && zSigned > 0) {
            more = "with one value per level even a perfect order has p = " + num(1.0 / factorial(order.size()))
                    + "; replicates (2 or more runs per cell) would decide it";
        }
        return new Judgement(c, Verdict.UNDECIDED, ours.toString(), test + ": inside the noise; " + more);
    }

    private static double factorial(int n) {
        double f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
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
        for (CellResult cell : in) {
            Estimate e = Estimate.of(cell, c.metric(), c.label());
            if (Double.isNaN(e.point())) {
                continue;
            }
            double half = e.hasInterval() ? TDistribution.of(e.df()).inverseCumulativeProbability(0.975) * e.se() : 0;
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
                    + String.join(", ", outside));
        }
        if (!unsure.isEmpty()) {
            return new Judgement(c, Verdict.UNDECIDED, ourWords, claimed + ": the interval crosses the bound in "
                    + String.join(", ", unsure) + "; " + replicatesNeeded(worstHalf, worstDistance, runs));
        }
        return new Judgement(c, Verdict.HOLDS, ourWords, claimed + ": inside, interval and all");
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
