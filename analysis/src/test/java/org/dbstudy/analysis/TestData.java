package org.dbstudy.analysis;

import org.dbstudy.analysis.cells.Distinct;
import org.dbstudy.analysis.cells.ValueCounts;

/** Helpers shared by the tests. */
final class TestData {
    private TestData() {
    }

    static Distinct counts(long... values) {
        ValueCounts c = new ValueCounts();
        for (long v : values) {
            c.add(v);
        }
        return c.distinct();
    }

    static long[] cycle(int n, int modulo, int offset) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = i % modulo + offset;
        }
        return v;
    }

    static double[] doubles(long[] values) {
        double[] d = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            d[i] = values[i];
        }
        return d;
    }
}
