package org.dbstudy.analysis.judging;

/**
 * What would decide an undecided verdict, said only where more runs can change it: from the variation
 * between runs, the replicates per cell that would shrink the 95% half-width below the distance from the
 * point to the bound if the effect is as measured (the half-width shrinks as 1/√n), capped at
 * {@link #MAX_REPLICATES}; from time batches within one run, that runs are needed at all (batches say
 * nothing about how a second run would differ); from a point alone, nothing.
 */
final class Advice {
    /** Beyond this many replicates per cell, an effect is called too small to decide, not given a number. */
    static final int MAX_REPLICATES = 30;

    private Advice() {
    }

    /**
     * @param half     the 95% half-width now (on the scale of {@code distance})
     * @param distance from the point to the bound it is judged against
     * @param runs     runs per cell now
     */
    static String replicates(double half, double distance, int runs, Estimate.Source source) {
        if (source == Estimate.Source.POINT) {
            return "judged on one value per cell: 2 or more runs per cell would give it an interval over runs";
        }
        if (!(distance > 0)) {
            return "the point sits on the bound: no number of replicates decides it";
        }
        if (source == Estimate.Source.TIME_BATCHES) {
            return "one run per cell, the interval from time batches within it: 2 or more runs per cell would give the"
                    + " variation between runs that decides it";
        }
        double n = Math.ceil(runs * (half / distance) * (half / distance));
        if (n > MAX_REPLICATES) {
            return "an effect this small is not decidable within " + MAX_REPLICATES + " replicates per cell (now " + runs
                    + ")";
        }
        return "about " + (long) Math.max(runs + 1, n) + " replicates per cell would decide it if the effect is as"
                + " measured (now " + runs + ", from the variation between runs)";
    }

    /**
     * "leans towards the claim (why)" when the estimate is on the claimed side, "leans against the claim (why)"
     * when on the other, "leans neither way (why)" when exactly on the bound ({@code side} 0).
     *
     * @param side positive: the claimed side; negative: the other; 0: neither
     */
    static String leaning(double side, String why) {
        String way = side > 0 ? "leans towards the claim" : side < 0 ? "leans against the claim" : "leans neither way";
        return way + " (" + why + ")";
    }
}
