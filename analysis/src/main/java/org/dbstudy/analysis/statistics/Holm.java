package org.dbstudy.analysis.statistics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Holm's step-down adjustment: the i-th smallest of m p-values becomes max over j ≤ i of
 * (m − j + 1) p₍ⱼ₎, capped at 1. Controls the family-wise error rate without assuming independence.
 */
public final class Holm {
    private Holm() {
    }

    public static double[] adjust(double[] p) {
        int m = p.length;
        Integer[] order = new Integer[m];
        for (int i = 0; i < m; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> p[i]));
        double[] adjusted = new double[m];
        double running = 0;
        for (int rank = 0; rank < m; rank++) {
            running = Math.max(running, Math.min(1, (m - rank) * p[order[rank]]));
            adjusted[order[rank]] = running;
        }
        return adjusted;
    }

    /** The same results with {@link TestResult#pAdjusted()} set by Holm over the list. */
    public static List<TestResult> apply(List<TestResult> family) {
        double[] p = family.stream().mapToDouble(TestResult::pValue).toArray();
        double[] adjusted = adjust(p);
        List<TestResult> out = new ArrayList<>(family.size());
        for (int i = 0; i < family.size(); i++) {
            out.add(family.get(i).withAdjusted(adjusted[i]));
        }
        return out;
    }
}
