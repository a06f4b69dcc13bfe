package org.dbstudy.analysis.stopping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class BatchMeansTest {
    @Test
    void fortyUncorrelatedBatchesGiveStudentsInterval() {
        // Batch means alternate 1, 3 (lag-1 correlation -0.975, below 0.2): 40 batches of 2 observations.
        double[] x = new double[80];
        for (int j = 0; j < 40; j++) {
            x[2 * j] = j % 2 == 0 ? 0 : 2;
            x[2 * j + 1] = j % 2 == 0 ? 2 : 4;
        }
        BatchMeans.Interval i = BatchMeans.of(x, 0, 80, 0.95);
        assertEquals(40, i.batches());
        assertEquals(2.0, i.mean(), 1e-12);
        // R: qt(0.975, 39) * sqrt(var(rep(c(1, 3), 20)) / 40) = 2.0226909 * sqrt(1 / 39) = 0.3238898
        assertEquals(0.3238898, i.halfWidth(), 1e-6);
        assertEquals(0.3238898 / 2, i.relative(), 1e-6);
        assertEquals(-0.975, i.lag1(), 1e-12);
    }

    @Test
    void correlatedBatchMeansLengthenTheBatchesAndATrendIsNeverTrusted() {
        double[] x = new double[400];
        for (int i = 0; i < x.length; i++) {
            x[i] = i;
        }
        BatchMeans.Interval i = BatchMeans.of(x, 0, 400, 0.95);
        assertEquals(10, i.batches(), "halved from 40 to 20 to 10");
        assertFalse(i.trusted());
        assertTrue(Double.isInfinite(i.relative()));
    }
}
