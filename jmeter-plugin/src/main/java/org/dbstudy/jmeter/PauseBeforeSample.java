package org.dbstudy.jmeter;

import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;

/**
 * The wait a procedure asks for before a sample's clock starts (TPC-C's keying and think times).
 * Like JMeter's own timers it never runs past the thread group's scheduled end: a wait that would
 * is cut there, and the sample is not run.
 */
final class PauseBeforeSample {
    private PauseBeforeSample() {
    }

    /**
     * The running thread's scheduled end (its group's duration), in epoch ms; 0 when it has none
     * (no scheduler, or outside a JMeter thread). Retries stop there too ({@link SampleExecution}).
     */
    static long scheduledEnd() {
        JMeterThread thread = JMeterContextService.getContext().getThread();
        return thread == null ? 0 : thread.getEndTime();
    }

    /** Waits {@code millis}; false when the scheduled end or a stop came first (then no sample runs). */
    static boolean await(long millis) {
        if (millis <= 0) {
            return true;
        }
        long end = scheduledEnd();
        long wait = millis;
        boolean cut = false;
        if (end > 0 && end - System.currentTimeMillis() < millis) {
            wait = Math.max(0, end - System.currentTimeMillis());
            cut = true;
        }
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return !cut;
    }
}
