package org.dbstudy.generator.design;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a cell's load arrives: when each user starts ({@code settings.start}, or JMeter's ramp-up)
 * and the timer between one user's requests ({@code settings.timer}, {@code settings.jitter}).
 * Every timer keeps the mean pause equal to the cell's {@code interval}; jitter is the part of the
 * interval that is random. {@link #pacing} turns it into the numbers a plan holds.
 */
public record Arrival(Timer timer, BigDecimal jitter, Start start) {
    public static final BigDecimal DEFAULT_JITTER = new BigDecimal("0.1");
    public static final Arrival DEFAULT = new Arrival(Timer.CONSTANT, DEFAULT_JITTER, Start.SPREAD);

    /** The timers of stock JMeter, with what jitter J (= jitter × interval) means for each. */
    public enum Timer {
        /** Constant Timer: every pause is the interval. */
        CONSTANT("org.apache.jmeter.timers.gui.ConstantTimerGui"),
        /** Uniform Random Timer: uniform on [interval − J, interval + J]. */
        UNIFORM("org.apache.jmeter.timers.gui.UniformRandomTimerGui"),
        /** Gaussian Random Timer: normal with mean interval and standard deviation J (JMeter folds negatives). */
        GAUSSIAN("org.apache.jmeter.timers.gui.GaussianRandomTimerGui"),
        /** Poisson Random Timer: interval − J plus a Poisson count of milliseconds with mean J. */
        POISSON("org.apache.jmeter.timers.gui.PoissonRandomTimerGui");

        /** The JMeter GUI class that edits this timer. */
        public final String guiClass;

        Timer(String guiClass) {
            this.guiClass = guiClass;
        }

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Timer parse(String key) {
            return Arrays.stream(values()).filter(t -> t.key().equals(key)).findFirst().orElse(null);
        }

        public static List<String> keys() {
            return Arrays.stream(values()).map(Timer::key).toList();
        }
    }

    /** When users start when the study sets no ramp-up. */
    public enum Start {
        /** User k of n waits (k − 1) × interval / n before its first request: no burst at the start. */
        SPREAD,
        /** All users start at once (JMeter's default; pgbench does the same). */
        TOGETHER;

        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Start parse(String key) {
            return Arrays.stream(values()).filter(s -> s.key().equals(key)).findFirst().orElse(null);
        }

        public static List<String> keys() {
            return Arrays.stream(values()).map(Start::key).toList();
        }
    }

    /**
     * One cell's pacing as plan values: the timer (none when {@code timerClass} is null), its
     * {@code ConstantTimer.delay} and {@code RandomTimer.range} in ms, and {@code spreadMs}, the window
     * over which users' first requests are spread by a per-user pause (0: no pause).
     */
    public record Pacing(Timer timer, long delayMs, long rangeMs, long spreadMs, String description) {
    }

    public Pacing pacing(long intervalMs, int users, long rampUpSeconds) {
        String startText;
        long spreadMs = 0;
        if (rampUpSeconds > 0) {
            startText = "ramp-up " + rampUpSeconds + " s";
        } else if (start == Start.SPREAD && intervalMs > 0 && users > 1) {
            spreadMs = intervalMs;
            startText = "start spread over " + seconds(intervalMs);
        } else {
            startText = "start together";
        }
        if (intervalMs == 0) {
            return new Pacing(null, 0, 0, spreadMs, startText + "; no timer");
        }
        long j = new BigDecimal(intervalMs).multiply(jitter).setScale(0, RoundingMode.HALF_UP).longValueExact();
        return switch (timer) {
            case CONSTANT -> new Pacing(timer, intervalMs, 0, spreadMs, startText + "; constant " + seconds(intervalMs));
            case UNIFORM -> new Pacing(timer, intervalMs - j, 2 * j, spreadMs,
                    startText + "; uniform " + seconds(intervalMs) + " ± " + seconds(j));
            case GAUSSIAN -> new Pacing(timer, intervalMs, j, spreadMs,
                    startText + "; gaussian " + seconds(intervalMs) + " sd " + seconds(j));
            case POISSON -> new Pacing(timer, intervalMs - j, j, spreadMs,
                    startText + "; poisson " + seconds(intervalMs) + " (" + seconds(intervalMs - j) + " + Poisson mean "
                            + seconds(j) + ")");
        };
    }

    /** Milliseconds as seconds without trailing zeros: 100 → "0.1 s". */
    private static String seconds(long ms) {
        return BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString() + " s";
    }
}
