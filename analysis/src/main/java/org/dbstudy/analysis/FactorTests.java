package org.dbstudy.analysis;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For each factor, and each combination of the other factors' levels, tests whether response
 * times differ across the factor's levels: Kruskal-Wallis, then pairwise Mann-Whitney and Dunn,
 * each pairwise family Holm-adjusted. Without factors the groups are the labels. The samples are the
 * analysed ones ({@link SampleSet}: successful samples by default).
 */
final class FactorTests {
    /** Name of the pseudo-factor used when there is no manifest. */
    static final String LABEL = "label";

    private FactorTests() {
    }

    static List<TestResult> run(List<String> factors, List<CellResult> cells) {
        List<TestResult> results = new ArrayList<>();
        if (factors.isEmpty()) {
            Map<String, List<Distinct>> byLabel = new LinkedHashMap<>();
            for (CellResult c : cells) {
                byLabel.computeIfAbsent(c.name(), k -> new ArrayList<>()).add(c.analysedDistinct());
            }
            family(LABEL, "", byLabel, results);
            return results;
        }
        for (int f = 0; f < factors.size(); f++) {
            Map<String, Map<String, List<Distinct>>> byFixed = new LinkedHashMap<>();
            for (CellResult c : cells) {
                byFixed.computeIfAbsent(fixedText(factors, c.levels(), f), k -> new LinkedHashMap<>())
                        .computeIfAbsent(c.levels().get(f), k -> new ArrayList<>()).add(c.analysedDistinct());
            }
            for (Map.Entry<String, Map<String, List<Distinct>>> e : byFixed.entrySet()) {
                family(factors.get(f), e.getKey(), e.getValue(), results);
            }
        }
        return results;
    }

    /** "operation=read, rows=50": the other factors' levels, in manifest order. */
    static String fixedText(List<String> factors, List<String> levels, int except) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < factors.size(); i++) {
            if (i != except) {
                s.append(s.length() == 0 ? "" : ", ").append(factors.get(i)).append('=').append(levels.get(i));
            }
        }
        return s.toString();
    }

    private static void family(String factor, String fixed, Map<String, List<Distinct>> byLevel, List<TestResult> out) {
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
        out.add(KruskalWallis.test(factor, fixed, names, groups));
        List<TestResult> mannWhitney = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            for (int j = i + 1; j < groups.size(); j++) {
                mannWhitney.add(MannWhitney.test(factor, fixed, names.get(i), names.get(j), groups.get(i), groups.get(j)));
            }
        }
        out.addAll(Holm.apply(mannWhitney));
        out.addAll(Holm.apply(Dunn.pairs(factor, fixed, names, groups)));
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
