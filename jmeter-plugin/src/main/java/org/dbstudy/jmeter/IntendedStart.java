package org.dbstudy.jmeter;

import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.dbstudy.vocabulary.SampleVariables;

/**
 * One thread's schedule: when each sample was meant to start, so that a thread that falls behind (a
 * busy client, a late wake-up from its timer) shows as schedule lag instead of silently sending less.
 * The intended start is the thread's previous sample's end plus the pause the plan's timer was designed
 * to make ({@code pauseMs}); a procedure's own wait (TPC-C keying and think time) adds to it. Written into
 * the JMeter variable {@link SampleVariables#INTENDED_START} for every sample (empty when unknown), so
 * a stale value never reaches the next sample's row. Not thread-safe: one per JMeter thread.
 */
final class IntendedStart {
    /** This thread's previous sample's end, epoch ms; 0 before the first. */
    private long lastEnd;
    private long intended;

    /**
     * Called before the sample's waits: the intended start from the timer's designed pause.
     *
     * @param pauseMillis the plan's designed pause before each sample; negative when not set
     */
    void begin(long pauseMillis) {
        intended = lastEnd > 0 && pauseMillis >= 0 ? lastEnd + pauseMillis : 0;
    }

    /** A wait of the procedure's own, about to start now: the sample is meant to start when it ends. */
    void procedureWait(long now, long waitMillis) {
        if (waitMillis > 0) {
            intended = (intended > 0 ? intended : now) + waitMillis;
        }
    }

    /** The intended start, epoch ms; 0 when unknown. */
    long intended() {
        return intended;
    }

    /** Records the sample's end and writes its intended start into the thread's variables. */
    void end(long endTime) {
        if (endTime > 0) {
            lastEnd = endTime;
        }
        JMeterVariables vars = JMeterContextService.getContext().getVariables();
        if (vars != null) {
            vars.put(SampleVariables.INTENDED_START, intended > 0 ? Long.toString(intended) : "");
        }
    }
}
