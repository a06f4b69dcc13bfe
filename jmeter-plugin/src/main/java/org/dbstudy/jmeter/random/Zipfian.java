package org.dbstudy.jmeter.random;

import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.rng.sampling.distribution.RejectionInversionZipfSampler;
import org.apache.commons.rng.sampling.distribution.SharedStateDiscreteSampler;

/**
 * Zipf-distributed whole numbers over min..max with exponent s: rank k (1 at min) is drawn with
 * probability proportional to 1 / k^s (YCSB's default s is 0.99). The sampler is Apache Commons RNG's
 * rejection-inversion (Hörmann and Derflinger 1996): constant time per draw and no table, so a range
 * of millions costs nothing to set up. Made once per text and shared by the threads: its constants are
 * final and its uniform numbers come from the calling thread's {@link ThreadLocalRandom}.
 */
public final class Zipfian {
    /** The most values a range may hold: the sampler counts ranks in an int. */
    public static final long MAX_VALUES = Integer.MAX_VALUE;

    /** The calling thread's generator, with no state of its own: safe to share, nothing allocated per draw. */
    private static final UniformRandomProvider THIS_THREAD = () -> ThreadLocalRandom.current().nextLong();

    private final long min;
    private final SharedStateDiscreteSampler ranks;

    /** Needs min ≤ max, at most {@link #MAX_VALUES} values, and a finite s > 0 (the caller checks). */
    public Zipfian(long min, long max, double s) {
        this.min = min;
        this.ranks = RejectionInversionZipfSampler.of(THIS_THREAD, Math.toIntExact(max - min + 1), s);
    }

    /** One draw in [min, max]: rank 1 is min. */
    public long next() {
        return min + ranks.sample() - 1;
    }
}
