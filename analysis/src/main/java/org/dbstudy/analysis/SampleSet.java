package org.dbstudy.analysis;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * Which samples the response-time figures, tests and speedups use. Failed samples are often fast
 * (a refused connection) or slow (a timeout), so mixing them in moves response times in either
 * direction; the default is the successful samples, with the error rate reported beside them.
 * The all-sample Aggregate Report columns of summary.csv do not depend on this choice.
 */
public enum SampleSet {
    SUCCESS("success", "successful samples only"),
    ALL("all", "all samples, failed ones included");

    private final String id;
    private final String description;

    SampleSet(String id, String description) {
        this.id = id;
        this.description = description;
    }

    /** The word a user types and files show: {@code success} or {@code all}. */
    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** The set named {@code word} (case-insensitive), if any. */
    public static Optional<SampleSet> parse(String word) {
        String w = word.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(s -> s.id.equals(w)).findFirst();
    }
}
