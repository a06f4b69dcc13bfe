package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.CellResult;

/**
 * The error rate of each group a test compares (a level of the tested factor with the other
 * factors fixed), so that tests of successful response times always stand beside how many samples
 * failed. Built from the same cells and the same grouping as {@link FactorTests}.
 */
public final class GroupErrors {
    private final Map<String, long[]> byGroup = new HashMap<>();

    public GroupErrors(List<String> factors, List<CellResult> cells) {
        for (CellResult c : cells) {
            if (factors.isEmpty()) {
                add(key(FactorTests.LABEL, "", c.name()), c.stats().samples(), c.stats().errors());
                continue;
            }
            for (int f = 0; f < factors.size(); f++) {
                String fixed = FactorTests.fixedText(factors, c.levels(), f);
                add(key(factors.get(f), fixed, c.levels().get(f)), c.stats().samples(), c.stats().errors());
                // Per-label tests (cells of several labels) stand beside the label's own errors.
                for (var e : c.labels().entrySet()) {
                    add(e.getKey() + '\n' + key(factors.get(f), fixed, c.levels().get(f)), e.getValue().samples(),
                            e.getValue().errors());
                }
            }
        }
    }

    private void add(String key, long samples, long errors) {
        long[] counts = byGroup.computeIfAbsent(key, k -> new long[2]);
        counts[0] += samples;
        counts[1] += errors;
    }

    /** Error percent of each of the test's groups, in its order (NaN for a group without samples). */
    public List<Double> of(TestResult t) {
        List<Double> out = new ArrayList<>();
        for (String level : t.groups()) {
            String key = key(t.factor(), t.fixed(), level);
            long[] counts = byGroup.get(t.label().isEmpty() ? key : t.label() + '\n' + key);
            out.add(counts == null || counts[0] == 0 ? Double.NaN : 100.0 * counts[1] / counts[0]);
        }
        return out;
    }

    private static String key(String factor, String fixed, String level) {
        return factor + '\n' + fixed + '\n' + level;
    }
}
