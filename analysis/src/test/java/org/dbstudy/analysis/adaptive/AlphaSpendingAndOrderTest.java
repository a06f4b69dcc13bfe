package org.dbstudy.analysis.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.Test;

/** The looks' shares of α (reference values from the spending functions' formulas) and the order of a round. */
class AlphaSpendingAndOrderTest {
    @Test
    void theSharesOfTheLooksAddUpToAlphaAndFollowTheirShape() {
        for (AlphaSpending.Shape shape : AlphaSpending.Shape.values()) {
            AlphaSpending s = new AlphaSpending(0.05, 10, shape);
            double sum = 0;
            for (int k = 1; k <= 10; k++) {
                assertTrue(s.at(k) > 0, shape + " look " + k);
                sum += s.at(k);
            }
            assertEquals(0.05, sum, 1e-12, shape.name());
            assertEquals(0, s.at(11), shape.name());
        }
        AlphaSpending pocock = AlphaSpending.DEFAULT;
        // 0.05 ln(1 + (e - 1) 0.1) and 0.05 (1 - ln(1 + (e - 1) 0.9)).
        assertEquals(0.0079284, pocock.at(1), 1e-6);
        assertEquals(0.0032645, pocock.at(10), 1e-6);
        // O'Brien-Fleming-like: 2 - 2 Phi(1.959964 / sqrt(0.1)) = 5.7e-10 at the first of 10 looks.
        assertEquals(5.7e-10, new AlphaSpending(0.05, 10, AlphaSpending.Shape.OBRIEN_FLEMING).at(1), 0.2e-10);
    }

    @Test
    void aRoundAlternatesTheComparedLevelsAndReversesEveryOtherRound() {
        List<String> factors = List.of("users", "mode");
        List<CellResult> cells = List.of(cell("u1-a", "1", "a"), cell("u2-a", "2", "a"), cell("u1-b", "1", "b"),
                cell("u2-b", "2", "b"), cell("u1-c", "1", "c"));
        Claim aFaster = new Claim("o", Claim.Origin.EXPECTATION, "t", "", Claim.Kind.ORDERING, Claim.Metric.MEAN, "", Map.of(),
                Map.of("mode", "a"), Map.of("mode", "b"), "", null, Double.NaN, Double.NaN, "", "", "");
        assertEquals(List.of("u1-a", "u1-b", "u2-a", "u2-b"), ReplicateOrder.of(List.of(aFaster), factors, cells, 1));
        assertEquals(List.of("u2-b", "u2-a", "u1-b", "u1-a"), ReplicateOrder.of(List.of(aFaster), factors, cells, 2));
        assertEquals(List.of(), ReplicateOrder.of(List.of(), factors, cells, 1), "no open claim: no cell");
    }

    private static CellResult cell(String name, String users, String mode) {
        Accumulator acc = new Accumulator();
        acc.add(1_000_000, 100, 0, null);
        return CellResult.of(name, List.of(users, mode), acc, SampleSet.SUCCESS,
                List.of(new RunValues(1, new double[] {100, 100, 100}, 1, new long[] {1}, new double[][] {{100}, {100}, {100}},
                        SampleStats.of(acc), SampleStats.of(acc), java.util.Map.of())));
    }
}
