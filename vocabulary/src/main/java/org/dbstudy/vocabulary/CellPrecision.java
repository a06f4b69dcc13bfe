package org.dbstudy.vocabulary;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How long a study's cells run: a fixed duration ({@link #FIXED}), or until precise (a study's
 * {@code settings.duration: {min: S, max: S}} with {@code settings.precision: {statistic: P%, ...}}): at least
 * {@code minSeconds}, at most {@code maxSeconds}, and in between until every named statistic's batch-means interval,
 * after the detected warm-up, is within its relative half-width. The generator parses it, the runner stops cells
 * on it, the analysis reports it.
 *
 * @param targets each statistic's relative half-width as a fraction (0.05 for 5 %), in declared order
 */
public record CellPrecision(long minSeconds, long maxSeconds, Map<Statistic, BigDecimal> targets) {
    /** Cells of a fixed length: no targets. */
    public static final CellPrecision FIXED = new CellPrecision(0, 0, Map.of());

    /** A statistic a cell may run until precise, by its study-file word. */
    public enum Statistic {
        /** The mean response time of the cell's successful workload samples, in completion order. */
        MEAN_LATENCY("mean_latency"),
        /** Successful workload samples completed per second. */
        THROUGHPUT("throughput");

        private final String word;

        Statistic(String word) {
            this.word = word;
        }

        public String word() {
            return word;
        }

        /** The statistic a study file names, or null. */
        public static Statistic byWord(String word) {
            return Arrays.stream(values()).filter(s -> s.word.equals(word)).findFirst().orElse(null);
        }

        public static String validWords() {
            return Arrays.stream(values()).map(Statistic::word).collect(Collectors.joining(", "));
        }
    }

    public CellPrecision {
        targets = Collections.unmodifiableMap(new LinkedHashMap<>(targets));
    }

    public boolean fixed() {
        return targets.isEmpty();
    }

    /** A target as the study file writes it: {@code 5%}. */
    public static String percent(BigDecimal fraction) {
        return fraction.movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }

    /** The targets as the study file writes them: {@code {mean_latency: 5%, throughput: 5%}}. */
    public String targetsText() {
        return targets.entrySet().stream().map(e -> e.getKey().word() + ": " + percent(e.getValue()))
                .collect(Collectors.joining(", ", "{", "}"));
    }
}
