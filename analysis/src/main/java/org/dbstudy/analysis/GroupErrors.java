package org.dbstudy.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The error rate of each group a test compares (a level of the tested factor with the other
 * factors fixed), so that tests of successful response times always stand beside how many samples
 * failed. Built from the same cells and the same grouping as {@link FactorTests}.
 */
final class GroupErrors {
    private final Map<String, long[]> byGroup = new HashMap<>();

    GroupErrors(List<String> factors, List<CellResult> cells) {
        for (CellResult c : cells) {
            if (factors.isEmpty()) {
                add(FactorTests.LABEL, "", c.name(), c);
                continue;
            }
            for (int f = 0; f < factors.size(); f++) {
                add(factors.get(f), FactorTests.fixedText(factors, c.levels(), f), c.levels().get(f), c);
            }
        }
    }

    private void add(String factor, String fixed, String level, CellResult c) {
        long[] counts = byGroup.computeIfAbsent(key(factor, fixed, level), k -> new long[2]);
        counts[0] += c.stats().samples();
        counts[1] += c.stats().errors();
    }

    /** Error percent of each of the test's groups, in its order (NaN for a group without samples). */
    List<Double> of(TestResult t) {
        List<Double> out = new ArrayList<>();
        for (String level : t.groups()) {
            long[] counts = byGroup.get(key(t.factor(), t.fixed(), level));
            out.add(counts == null || counts[0] == 0 ? Double.NaN : 100.0 * counts[1] / counts[0]);
        }
        return out;
    }

    private static String key(String factor, String fixed, String level) {
        return factor + '\n' + fixed + '\n' + level;
    }
}
