package org.dbstudy.generator.design;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.dbstudy.jmeter.ConnectionScope;

/**
 * A study's {@code settings.connect}: when each user connects, and so whether connection set-up is
 * part of the measured samples. Written into every plan as the sampler's {@code connectionScope}.
 */
public enum ConnectionTiming {
    /** One connection per user, opened before its first sample's clock starts (the default). */
    BEFORE_FIRST_SAMPLE(ConnectionScope.THREAD),
    /** One connection per user, opened inside its first sample. */
    IN_FIRST_SAMPLE(ConnectionScope.THREAD_LAZY),
    /** One connection per sample, opened and closed inside it. */
    PER_SAMPLE(ConnectionScope.SAMPLE);

    private final ConnectionScope scope;

    ConnectionTiming(ConnectionScope scope) {
        this.scope = scope;
    }

    public ConnectionScope scope() {
        return scope;
    }

    /** The word in a study file, e.g. {@code before_first_sample}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The timing a study file names, or null. */
    public static ConnectionTiming byWord(String word) {
        for (ConnectionTiming t : values()) {
            if (t.word().equals(word.trim())) {
                return t;
            }
        }
        return null;
    }

    public static String validWords() {
        return Arrays.stream(values()).map(ConnectionTiming::word).collect(Collectors.joining(", "));
    }
}
