package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.ValueCounts;

/**
 * For each factor, and each combination of the other factors' levels, tests whether response
 * times differ across the factor's levels: Kruskal-Wallis, then pairwise Mann-Whitney and Dunn,
 * each pairwise family Holm-adjusted, and the Kruskal-Wallis tests of one factor Holm-adjusted
 * together. Without factors the groups are the cells (the analysis runs no tests without a manifest, whose
 * cells are one plan's unrelated labels). The samples are the analysed ones
 * ({@link SampleSet}: successful samples by default). Only comparable samples are compared: when a
 * cell's samples are of several labels (TPC-C's transaction types and CH-benCHmark's queries,
 * whose shares differ between cells), each label is tested on its own, never the mix.
 */
public final class FactorTests {
    /** Name of the pseudo-factor when there are no factors (the groups are the cells). */
    public static final String LABEL = "label";
    /**
     * Groups a family may have for its pairwise tests: k groups make k(k-1)/2 pairs, each a Mann-Whitney and
     * a Dunn row, so 2,000 labels without a manifest made 4 million rows and ran out of memory. Beyond this
     * the family gets its Kruskal-Wallis test only, and a warning says so.
     */
    public static final int MAX_PAIRED_GROUPS = 50;

    private FactorTests() {
    }

    public static List<TestResult> run(List<String> factors, List<CellResult> cells) {
        return run(factors, cells, new ArrayList<>());
    }

    /** The tests; a family too large for pairwise tests ({@link #MAX_PAIRED_GROUPS}) adds a warning to {@code warnings}. */
    public static List<TestResult> run(List<String> factors, List<CellResult> cells, List<String> warnings) {
        List<String> found = new ArrayList<>();
        List<TestResult> results = tests(factors, cells, new ArrayList<>(), found);
        if (!found.isEmpty()) {
            warnings.add(found.size() + " test famil" + (found.size() == 1 ? "y has" : "ies have") + " more than "
                    + MAX_PAIRED_GROUPS + " groups (first: " + found.get(0) + "): Kruskal-Wallis only, no pairwise tests");
        }
        return results;
    }

    private static List<TestResult> tests(List<String> factors, List<CellResult> cells, List<TestResult> results,
            List<String> tooMany) {
        if (factors.isEmpty()) {
            Map<String, List<Distinct>> byLabel = new LinkedHashMap<>();
            for (CellResult c : cells) {
                byLabel.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(c.analysedDistinct());
            }
            family(LABEL, "", byLabel, results, tooMany);
            return results;
        }
        List<String> labels = mixedLabels(cells);
        for (String label : labels.isEmpty() ? List.of("") : labels) {
            for (int f = 0; f < factors.size(); f++) {
                List<TestResult> ofFactor = new ArrayList<>();
                Map<String, Map<String, List<Distinct>>> byFixed = new LinkedHashMap<>();
                for (CellResult c : cells) {
                    Distinct d = label.isEmpty() ? c.analysedDistinct() : labelDistinct(c, label);
                    if (d != null) {
                        byFixed.computeIfAbsent(fixedText(factors, c.levels(), f), k -> new LinkedHashMap<>())
                                .computeIfAbsent(c.levels().get(f), k -> new ArrayList<>()).add(d);
                    }
                }
                for (Map.Entry<String, Map<String, List<Distinct>>> e : byFixed.entrySet()) {
                    family(factors.get(f), e.getKey(), e.getValue(), ofFactor, tooMany);
                }
                results.addAll(holmOverOmnibus(ofFactor).stream().map(t -> t.withLabel(label)).toList());
            }
        }
        return results;
    }

    /**
     * The workload labels of cells that hold more than one (in first-seen order), or none when every
     * cell's samples are of one label: then a cell's samples compare as they are.
     */
    public static List<String> mixedLabels(List<CellResult> cells) {
        if (cells.stream().noneMatch(c -> c.labels().size() > 1)) {
            return List.of();
        }
        java.util.LinkedHashSet<String> labels = new java.util.LinkedHashSet<>();
        cells.forEach(c -> labels.addAll(c.labels().keySet()));
        return List.copyOf(labels);
    }

    private static Distinct labelDistinct(CellResult c, String label) {
        var acc = c.labels().get(label);
        return acc == null ? null : acc.times(c.set()).distinct();
    }

    /** The factor's Kruskal-Wallis tests (one per setting of the others) Holm-adjusted together; pairs as they were. */
    private static List<TestResult> holmOverOmnibus(List<TestResult> tests) {
        List<TestResult> omnibus = tests.stream().filter(t -> t.test().equals("kruskal-wallis")).toList();
        List<TestResult> adjusted = Holm.apply(omnibus);
        List<TestResult> out = new ArrayList<>(tests.size());
        int next = 0;
        for (TestResult t : tests) {
            out.add(t.test().equals("kruskal-wallis") ? adjusted.get(next++) : t);
        }
        return out;
    }

    /** "operation=read, rows=50": the other factors' levels, in manifest order. */
    public static String fixedText(List<String> factors, List<String> levels, int except) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < factors.size(); i++) {
            if (i != except) {
                s.append(s.length() == 0 ? "" : ", ").append(factors.get(i)).append('=').append(levels.get(i));
            }
        }
        return s.toString();
    }

    private static void family(String factor, String fixed, Map<String, List<Distinct>> byLevel, List<TestResult> out,
            List<String> tooMany) {
        List<String> names = new ArrayList<>();
        List<Distinct> groups = new ArrayList<>();
        for (Map.Entry<String, List<Distinct>> e : byLevel.entrySet()) {
            Distinct pooled = pool(e.getValue());
            if (pooled.size() > 0) {
                names.add(e.getKey());
                groups.add(pooled);
            }
        }
        if (groups.size() < 2) {
            return;
        }
        out.add(TestResult.of("kruskal-wallis", factor, fixed, names, KruskalWallis.test(groups), "epsilon_squared"));
        if (groups.size() > MAX_PAIRED_GROUPS) {
            tooMany.add(factor + (fixed.isEmpty() ? "" : " at " + fixed) + ", " + groups.size() + " groups");
            return;
        }
        List<TestResult> mannWhitney = new ArrayList<>();
        List<TestResult> dunn = new ArrayList<>();
        List<RankTest> dunnPairs = Dunn.pairs(groups);
        int pair = 0;
        for (int i = 0; i < groups.size(); i++) {
            for (int j = i + 1; j < groups.size(); j++) {
                List<String> two = List.of(names.get(i), names.get(j));
                mannWhitney.add(TestResult.of("mann-whitney", factor, fixed, two,
                        MannWhitney.test(groups.get(i), groups.get(j)), "cliffs_delta"));
                dunn.add(TestResult.of("dunn", factor, fixed, two, dunnPairs.get(pair++), ""));
            }
        }
        out.addAll(Holm.apply(mannWhitney));
        out.addAll(Holm.apply(dunn));
    }

    private static Distinct pool(List<Distinct> parts) {
        if (parts.size() == 1) {
            return parts.get(0);
        }
        ValueCounts counts = new ValueCounts();
        for (Distinct d : parts) {
            for (int i = 0; i < d.size(); i++) {
                counts.add(d.values()[i], d.counts()[i]);
            }
        }
        return counts.distinct();
    }
}
