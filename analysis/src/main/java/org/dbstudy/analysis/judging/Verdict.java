package org.dbstudy.analysis.judging;

import java.util.Arrays;

/** What the runs say about a claim. */
public enum Verdict {
    HOLDS("holds"),
    DOES_NOT_HOLD("does not hold"),
    /** The runs cannot tell at this noise; the explanation says which way it leans and, where runs can decide it, how many would. */
    UNDECIDED("undecided"),
    /** The claim cannot be checked with this run or with dbstudy; the explanation says why. */
    NOT_TESTABLE("not testable here");

    private final String words;

    Verdict(String words) {
        this.words = words;
    }

    public String words() {
        return words;
    }

    public static Verdict byWords(String words) {
        return Arrays.stream(values()).filter(v -> v.words.equals(words)).findFirst().orElse(null);
    }
}
