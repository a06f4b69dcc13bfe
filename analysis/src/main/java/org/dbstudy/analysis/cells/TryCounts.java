package org.dbstudy.analysis.cells;

import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.ResponseMessages;

/**
 * Tries per sample and the tries that ended without a commit, by class, from the dbstudy sampler's
 * response messages ({@link ResponseMessages}): a sample's retried tries ({@code retried=class:n}),
 * its intended rollback (a success of class {@link Outcome#INTENDED_ROLLBACK}), and, added by the
 * {@link Accumulator}, its last try when it failed. Samples without {@code tries=} (other samplers) do
 * not count. Nothing here grows with the number of samples.
 */
public final class TryCounts {
    private long samples;
    private long sum;
    private long max;
    private long intendedRollbacks;
    private final long[] retried = new long[Outcome.count()];

    /**
     * @param tries   the sample's {@code tries=K}, 0 when it has none
     * @param message the response message when it may name retried tries or an intended rollback, else null
     */
    void add(int tries, String message, boolean success) {
        if (tries <= 0) {
            return;
        }
        samples++;
        sum += tries;
        max = Math.max(max, tries);
        if (message != null) {
            ResponseMessages.addRetried(message, retried);
            if (success && message.startsWith(Outcome.INTENDED_ROLLBACK.messagePrefix())) {
                intendedRollbacks++;
            }
        }
    }

    void addAll(TryCounts o) {
        samples += o.samples;
        sum += o.sum;
        max = Math.max(max, o.max);
        intendedRollbacks += o.intendedRollbacks;
        for (int i = 0; i < retried.length; i++) {
            retried[i] += o.retried[i];
        }
    }

    /** Samples that said how many tries they took. */
    public long samples() {
        return samples;
    }

    /** Mean tries per sample; NaN without any. */
    public double mean() {
        return samples == 0 ? Double.NaN : (double) sum / samples;
    }

    /** Most tries one sample took; NaN without any. */
    public double max() {
        return samples == 0 ? Double.NaN : max;
    }

    /**
     * Tries of class {@code o} that were retried (not the sample's last try), and the last try of a
     * sample still retrying when its window ended (it would have been retried).
     */
    public long retried(Outcome o) {
        return retried[o.ordinal()];
    }

    /** Successful samples rolled back on purpose (TPC-C New-Order's 1 %). */
    public long intendedRollbacks() {
        return intendedRollbacks;
    }
}
