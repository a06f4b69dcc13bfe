package org.dbstudy.analysis.adaptive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.SampleStats;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.analysis.reading.SampleSet;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.Test;

/**
 * The sequential procedure in 1,000 simulated adaptive runs each, seeded, no database: two cells ({@code x=a},
 * {@code x=b}) start with 3 runs each; after each look the cells an undecided claim needs get one more run each,
 * until the claim is decided or the 10 looks are spent (at most 12 runs per cell). Each run's mean response time
 * is drawn from a normal law with a standard deviation of 10 % of the mean (run-to-run variation as the studies
 * measured it). The claims are judged by the real judge ({@link Reproduction}) at each look's share of 5 %.
 */
class SequentialProcedureSimulationTest {
    private static final int RUNS = 1000;
    private static final int START = 3;
    private static final List<String> FACTORS = List.of("x");
    private static final Claim A_FASTER = new Claim("a<b", Claim.Origin.EXPECTATION, "sim", "", Claim.Kind.ORDERING,
            Claim.Metric.MEAN, "", Map.of(), Map.of("x", "a"), Map.of("x", "b"), "", null, Double.NaN, Double.NaN, "", "", "");
    private static final Claim RISES = new Claim("rises", Claim.Origin.EXPECTATION, "sim", "", Claim.Kind.TREND,
            Claim.Metric.MEAN, "", Map.of(), Map.of(), Map.of(), "x", Claim.Direction.INCREASING, Double.NaN, Double.NaN,
            "", "", "");

    /** How the simulated runs of one scenario came out. */
    private record Tally(String scenario, int holds, int doesNotHold, long replicates, int runs) {
        double wrongRate() {
            return (double) (holds + doesNotHold) / runs;
        }

        double power() {
            return (double) holds / runs;
        }

        double meanReplicates() {
            return (double) replicates / runs;
        }

        String words() {
            return String.format(Locale.ROOT, "%s: %d runs, holds %d, does not hold %d, undecided %d; mean replicates"
                    + " per cell at the end %.2f", scenario, runs, holds, doesNotHold, runs - holds - doesNotHold,
                    meanReplicates());
        }
    }

    @Test
    void onAaDataAnOrderingIsWronglyDecidedInAtMostFivePercentOfRuns() {
        Tally t = simulate(A_FASTER, new double[] {1000, 1000}, 41, true);
        System.out.println("sequential A/A ordering: " + t.words() + String.format(Locale.ROOT,
                "; wrongly decided %.1f %%", 100 * t.wrongRate()));
        assertTrue(t.wrongRate() <= 0.05, t.words());
    }

    @Test
    void onAaDataATrendIsWronglyDecidedInAtMostFivePercentOfRuns() {
        Tally t = simulate(RISES, new double[] {1000, 1000, 1000}, 43, true);
        System.out.println("sequential A/A trend: " + t.words() + String.format(Locale.ROOT,
                "; wrongly decided %.1f %%", 100 * t.wrongRate()));
        assertTrue(t.wrongRate() <= 0.05, t.words());
    }

    /** Without the split, the same looks at 5 % each decide A/A claims far more often: the split is what keeps 5 %. */
    @Test
    void lookingAtFivePercentEveryTimeWouldDecideAaDataTooOften() {
        Tally t = simulate(A_FASTER, new double[] {1000, 1000}, 41, false);
        System.out.println("naive looks at 5 % each, A/A ordering: " + t.words() + String.format(Locale.ROOT,
                "; wrongly decided %.1f %%", 100 * t.wrongRate()));
        assertTrue(t.wrongRate() > 0.08, t.words());
    }

    @Test
    void aKnownEffectIsFoundWithItsPowerAndMeanReplicates() {
        Tally small = simulate(A_FASTER, new double[] {900, 1000}, 47, true);
        Tally medium = simulate(A_FASTER, new double[] {800, 1000}, 51, true);
        Tally large = simulate(A_FASTER, new double[] {700, 1000}, 53, true);
        for (Tally t : List.of(small, medium, large)) {
            System.out.println("sequential ordering, known effect: " + t.words() + String.format(Locale.ROOT,
                    "; power %.3f", t.power()));
            assertEquals(0, t.doesNotHold(), t.words());
        }
        assertTrue(small.power() < medium.power() && medium.power() < large.power(), "power grows with the effect");
        assertTrue(medium.power() > 0.8, medium.words());
        assertTrue(large.power() > 0.99 && large.meanReplicates() < medium.meanReplicates(), large.words());
    }

    /**
     * {@code RUNS} adaptive runs of {@code claim} over cells with true means {@code means} (level i is x = a, b, c ...),
     * each seeded from {@code seed}; {@code split}: looks at the spending's shares, else at 5 % every time.
     */
    private static Tally simulate(Claim claim, double[] means, long seed, boolean split) {
        SplittableRandom random = new SplittableRandom(seed);
        int holds = 0;
        int doesNotHold = 0;
        long replicates = 0;
        for (int run = 0; run < RUNS; run++) {
            List<List<Double>> values = new ArrayList<>();
            for (double m : means) {
                List<Double> v = new ArrayList<>();
                for (int i = 0; i < START; i++) {
                    v.add(draw(random, m));
                }
                values.add(v);
            }
            SequentialClaims claims = new SequentialClaims(List.of(claim), AlphaSpending.DEFAULT);
            Verdict verdict;
            while (true) {
                List<CellResult> cells = cells(values);
                if (!split) {
                    verdict = Reproduction.judge(List.of(claim), FACTORS, cells, List.of(), 0.05).get(0).verdict();
                    if (verdict != Verdict.UNDECIDED || values.get(0).size() >= START + AlphaSpending.DEFAULT.maxLooks() - 1) {
                        break;
                    }
                    values.forEach(v -> v.add(0.0));
                    for (int i = 0; i < means.length; i++) {
                        values.get(i).set(values.get(i).size() - 1, draw(random, means[i]));
                    }
                    continue;
                }
                SequentialClaims.Look look = claims.look(FACTORS, cells, List.of(), 0);
                verdict = look.claims().get(0).judgement().verdict();
                if (!look.wantsMore()) {
                    break;
                }
                for (String name : look.cells()) {
                    int i = name.charAt(0) - 'a';
                    values.get(i).add(draw(random, means[i]));
                }
            }
            holds += verdict == Verdict.HOLDS ? 1 : 0;
            doesNotHold += verdict == Verdict.DOES_NOT_HOLD ? 1 : 0;
            replicates += values.stream().mapToInt(List::size).min().orElse(0);
        }
        String scenario = means[means.length - 1] == means[0] ? "no effect"
                : String.format(Locale.ROOT, "true ratio %.2f", means[0] / means[means.length - 1]);
        return new Tally(scenario, holds, doesNotHold, replicates, RUNS);
    }

    private static double draw(SplittableRandom random, double mean) {
        return mean + 0.1 * mean * random.nextGaussian();
    }

    /** One cell per level, named a, b, c ..., each run one sample of its mean (rounded to the ms, as in a JTL). */
    private static List<CellResult> cells(List<List<Double>> values) {
        List<CellResult> cells = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String level = String.valueOf((char) ('a' + i));
            Accumulator acc = new Accumulator();
            List<RunValues> runs = new ArrayList<>();
            long ts = 1_000_000;
            for (double m : values.get(i)) {
                long ms = Math.round(m);
                acc.add(ts, ms, 0, null);
                ts += 1000;
                SampleStats run = new SampleStats(1, 0, ms, ms, ms, ms, ms, ms, ms, 0, 1);
                runs.add(new RunValues(1, new double[] {ms, ms, ms}, 1, new long[] {1}, new double[][] {{ms}, {ms}, {ms}},
                        run, run, java.util.Map.of()));
            }
            cells.add(CellResult.of(level, List.of(level), acc, SampleSet.SUCCESS, runs));
        }
        return cells;
    }
}
