package org.dbstudy.cli.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.analysis.stopping.StoppingRule;
import org.dbstudy.vocabulary.CellPrecision;
import org.dbstudy.vocabulary.files.CellStopFile;

/**
 * A running cell that ends on precision, watched through its JTL: each statistic's series as the samples are read,
 * the analysis' {@link StoppingRule} asked once per second of the JTL's clock. The cell may end when every statistic
 * is settled; the rows of {@code cell-stops.csv} say how it ended.
 */
final class PrecisionWatch implements JtlTally.SampleSink {
    /** Throughput is counted per bin this long: ten observations a second, so its interval needs seconds, not minutes. */
    static final long THROUGHPUT_BIN_MILLIS = 100;
    private static final long LOOK_EVERY_MILLIS = 1000;
    private static final double LEVEL = 0.95;

    private final CellPrecision precision;
    /** Successful samples' elapsed in the order they were written (completion order), and their starts. */
    private double[] latency = new double[1024];
    private long[] starts = new long[1024];
    private int n;
    /** Successful samples ended per bin since the first workload sample's start. */
    private double[] perBin = new double[256];
    private long origin = -1;
    private long lastEnd = -1;
    /** The latest end read at the last look; -1 before the first. */
    private long lastLook = -1;
    private final Map<CellPrecision.Statistic, StoppingRule.Look> looks = new EnumMap<>(CellPrecision.Statistic.class);

    PrecisionWatch(CellPrecision precision) {
        this.precision = precision;
    }

    @Override
    public void sample(long start, long elapsed, boolean ok) {
        if (origin < 0) {
            // The analysis' clock too: warm-up is cut from the first workload row's start.
            origin = start;
        }
        long end = start + elapsed;
        lastEnd = Math.max(lastEnd, end);
        if (!ok) {
            return;
        }
        if (n == latency.length) {
            latency = Arrays.copyOf(latency, n * 2);
            starts = Arrays.copyOf(starts, n * 2);
        }
        latency[n] = elapsed;
        starts[n++] = start;
        int bin = (int) (Math.max(0, end - origin) / THROUGHPUT_BIN_MILLIS);
        if (bin >= perBin.length) {
            perBin = Arrays.copyOf(perBin, Math.max(perBin.length * 2, bin + 1));
        }
        perBin[bin]++;
    }

    /** Seconds from the first workload sample's start to the latest end read. */
    double measuredSeconds() {
        return origin < 0 ? 0 : (lastEnd - origin) / 1000.0;
    }

    /** Whether every statistic is settled now; looks again at most once per second of the JTL's clock. */
    boolean settled() {
        if (origin < 0 || (lastLook >= 0 && lastEnd - lastLook < LOOK_EVERY_MILLIS)) {
            return !looks.isEmpty() && looks.values().stream().allMatch(StoppingRule.Look::settled);
        }
        lastLook = lastEnd;
        lookNow();
        return looks.values().stream().allMatch(StoppingRule.Look::settled);
    }

    private void lookNow() {
        double seconds = measuredSeconds();
        for (Map.Entry<CellPrecision.Statistic, java.math.BigDecimal> e : precision.targets().entrySet()) {
            StoppingRule rule = new StoppingRule(precision.minSeconds(), precision.maxSeconds(), e.getValue().doubleValue(), LEVEL);
            looks.put(e.getKey(), switch (e.getKey()) {
                case MEAN_LATENCY -> rule.look(latency, n, seconds);
                // Only whole bins: the one still filling would read as a drop in throughput.
                case THROUGHPUT -> rule.look(perBin, (int) Math.min(perBin.length, (lastEnd - origin) / THROUGHPUT_BIN_MILLIS), seconds);
            });
        }
    }

    /** Seconds from the first workload sample's start that a statistic's warm-up cut leaves out. */
    private double warmupSeconds(CellPrecision.Statistic statistic, StoppingRule.Look look) {
        int cut = look.warmup().cut();
        return switch (statistic) {
            case MEAN_LATENCY -> cut == 0 || n == 0 ? 0 : Math.max(0, starts[Math.min(cut, n - 1)] - origin) / 1000.0;
            case THROUGHPUT -> cut * THROUGHPUT_BIN_MILLIS / 1000.0;
        };
    }

    /** The rows of {@code cell-stops.csv} for this run, from a last look at everything read. */
    List<CellStopFile.Row> rows(String cell, int replicate, boolean stoppedOnPrecision) {
        if (origin >= 0) {
            lookNow();
        }
        String ended = stoppedOnPrecision ? CellStopFile.PRECISION : CellStopFile.MAX_DURATION;
        List<CellStopFile.Row> rows = new ArrayList<>();
        for (Map.Entry<CellPrecision.Statistic, java.math.BigDecimal> e : precision.targets().entrySet()) {
            StoppingRule.Look look = looks.get(e.getKey());
            double reached = look == null || !look.interval().trusted() ? Double.NaN : 100 * look.interval().relative();
            rows.add(new CellStopFile.Row(cell, replicate, ended, measuredSeconds(),
                    look == null ? 0 : warmupSeconds(e.getKey(), look), e.getKey().word(),
                    e.getValue().doubleValue() * 100, reached));
        }
        return rows;
    }

    /** The console's words for a run's rows: {@code ended on precision after 12.3 s: mean_latency ±3.1 % (5 %), ...}. */
    static String describe(List<CellStopFile.Row> rows) {
        if (rows.isEmpty()) {
            return "";
        }
        CellStopFile.Row first = rows.get(0);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s after %.1f s measured:",
                CellStopFile.PRECISION.equals(first.ended()) ? "ended on precision" : "max duration reached", first.measuredSeconds()));
        for (CellStopFile.Row r : rows) {
            sb.append(String.format(Locale.ROOT, " %s %s of %s, warm-up %.1f s;", r.statistic(),
                    Double.isNaN(r.reachedPct()) ? "no interval yet" : String.format(Locale.ROOT, "±%.1f %%", r.reachedPct()),
                    CellPrecision.percent(java.math.BigDecimal.valueOf(r.targetPct()).movePointLeft(2)), r.warmupSeconds()));
        }
        return sb.substring(0, sb.length() - 1);
    }
}
