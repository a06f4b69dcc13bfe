package org.dbstudy.vocabulary;

import java.util.List;

/**
 * The JMeter variables the dbstudy sampler sets for each sample, which JMeter writes as extra JTL
 * columns when {@code sample_variables} names them (dbstudy's {@code user.properties} does). The
 * column's header is the variable's name; the analysis reads it by that name.
 */
public final class SampleVariables {
    /**
     * When the sample was meant to start, epoch ms, beside its actual start ({@code timeStamp}): the
     * thread's previous sample's end plus the pause its timer was designed to make (the mean pause of a
     * random timer), or, before a procedure's keying and think time, the wait's start plus the wait.
     * Empty when the sample has no schedule (a thread's first sample, a plan without a designed pause).
     * {@code timeStamp − intendedStart} is the sample's schedule lag.
     */
    public static final String INTENDED_START = "intendedStart";

    /** Every variable, in the order {@code sample_variables} lists them. */
    public static final List<String> ALL = List.of(INTENDED_START);

    private SampleVariables() {
    }

    /** The value of {@code sample_variables} that writes them all. */
    public static String property() {
        return String.join(",", ALL);
    }
}
