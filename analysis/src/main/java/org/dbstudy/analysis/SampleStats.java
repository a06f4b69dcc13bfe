package org.dbstudy.analysis;

/**
 * The Aggregate Report numbers of one group of samples (a cell or a label), computed as JMeter
 * computes them: mean = sum / n, population standard deviation, percentiles by
 * {@link Distinct#percentile} with JMeter's float fractions, throughput = n / span in seconds.
 */
record SampleStats(long samples, long errors, double mean, double median, double p90, double p95,
                   double p99, double min, double max, double stdDev, double throughputPerSecond) {

    static final double MEDIAN = Distinct.jmeterFraction(50);
    static final double P90 = Distinct.jmeterFraction(90);
    static final double P95 = Distinct.jmeterFraction(95);
    static final double P99 = Distinct.jmeterFraction(99);

    static SampleStats of(Accumulator acc) {
        return of(acc, acc.times().distinct());
    }

    /** @param d the accumulator's distinct values, when the caller has them already */
    static SampleStats of(Accumulator acc, Distinct d) {
        long n = acc.samples();
        long span = acc.spanMillis();
        double throughput = n == 0 ? Double.NaN : span == 0 ? Double.POSITIVE_INFINITY : n * 1000.0 / span;
        return new SampleStats(n, acc.errors(), d.mean(), d.percentile(MEDIAN), d.percentile(P90),
                d.percentile(P95), d.percentile(P99), d.min(), d.max(), d.populationStdDev(), throughput);
    }

    /**
     * The same numbers over the successful samples only ({@code d} holds their counts): errors 0,
     * throughput = successful samples per second of the whole span.
     */
    static SampleStats ofSuccesses(Accumulator acc, Distinct d) {
        long n = d.total();
        long span = acc.spanMillis();
        double throughput = acc.samples() == 0 ? Double.NaN : span == 0 ? Double.POSITIVE_INFINITY : n * 1000.0 / span;
        return new SampleStats(n, 0, d.mean(), d.percentile(MEDIAN), d.percentile(P90), d.percentile(P95),
                d.percentile(P99), d.min(), d.max(), d.populationStdDev(), throughput);
    }

    /** Failed samples per second of the span. */
    static double failedPerSecond(Accumulator acc) {
        long span = acc.spanMillis();
        return acc.samples() == 0 ? Double.NaN : span == 0 ? (acc.errors() == 0 ? 0 : Double.POSITIVE_INFINITY)
                : acc.errors() * 1000.0 / span;
    }

    double errorPercent() {
        return samples == 0 ? Double.NaN : 100.0 * errors / samples;
    }
}
