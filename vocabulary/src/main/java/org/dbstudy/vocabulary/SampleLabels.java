package org.dbstudy.vocabulary;

import java.util.function.Predicate;

/**
 * The rules that give a result row's label its meaning, shared by the generator (which names the
 * setUp samples), the sampler (which names its sub-results), live progress and analysis.
 *
 * <ul>
 *   <li>A plan's setUp thread group (schema and data) labels its samples {@code setUp …}; they are
 *       not part of the measured workload. Nor are the samples of its tearDown thread group
 *       (consistency checks and plans after the run), labelled {@code tearDown …}.</li>
 *   <li>JMeter writes sub-results as rows labelled {@code Parent-N}; the dbstudy sampler names its
 *       own {@code Parent-lock}, {@code Parent-stmtN} and {@code Parent-commit}, and a procedure's
 *       statements {@code Parent-statementName} (lower camel case: {@code NewOrder-getStock}). A label of that
 *       shape is a sub-result only when {@code Parent} is a label too, so a top-level label such as
 *       {@code users-5} stays top-level.</li>
 * </ul>
 */
public final class SampleLabels {
    /** The first word of every setUp sample's label. */
    public static final String SET_UP_PREFIX = "setUp ";
    /** The first word of every tearDown sample's label. */
    public static final String TEAR_DOWN_PREFIX = "tearDown ";

    private SampleLabels() {
    }

    /** The label the generator gives a setUp sample that prepares {@code what}. */
    public static String setUp(String what) {
        return SET_UP_PREFIX + what;
    }

    public static boolean isSetUp(String label) {
        return label.startsWith(SET_UP_PREFIX);
    }

    /** The label the generator gives a tearDown sample that checks {@code what} after the run. */
    public static String tearDown(String what) {
        return TEAR_DOWN_PREFIX + what;
    }

    public static boolean isTearDown(String label) {
        return label.startsWith(TEAR_DOWN_PREFIX);
    }

    /** SetUp and tearDown samples: kept per label, never part of the measured workload. */
    public static boolean isNotWorkload(String label) {
        return isSetUp(label) || isTearDown(label);
    }

    /** What a setUp or tearDown label is about: {@code tearDown tpcc-consistency} → {@code tpcc-consistency}. */
    public static String notWorkloadSubject(String label) {
        return isTearDown(label) ? label.substring(TEAR_DOWN_PREFIX.length()) : setUpSubject(label);
    }

    /** What a setUp label prepares: {@code setUp crud_read} → {@code crud_read}. */
    public static String setUpSubject(String label) {
        return label.substring(SET_UP_PREFIX.length());
    }

    /** The part of the sampler's sub-result for taking its named lock. */
    public static final String LOCK = "lock";
    /** The part of the sampler's sub-result for the commit. */
    public static final String COMMIT = "commit";

    /** A sub-result of {@code parent}: {@code Parent-part}. */
    public static String subResult(String parent, String part) {
        return parent + "-" + part;
    }

    /** The part of the sampler's sub-result for its statement number {@code n} (1-based): {@code stmtN}. */
    public static String statementPart(int n) {
        return "stmt" + n;
    }

    /** The sampler's sub-result for taking its named lock. */
    public static String lock(String parent) {
        return subResult(parent, LOCK);
    }

    /** The sampler's sub-result for its statement number {@code n} (1-based). */
    public static String statement(String parent, int n) {
        return subResult(parent, statementPart(n));
    }

    /** The sampler's sub-result for the commit. */
    public static String commit(String parent) {
        return subResult(parent, COMMIT);
    }

    /**
     * The parent a label of sub-result shape names, or null when it has no such shape: {@code Parent-part}
     * where the part after the last {@code -} is a number or a lower camel case word ({@code lock},
     * {@code commit}, {@code stmtN} and statement names are such words) and the parent is one line.
     * Read for every row of a result file, so it is a scan, not a regular expression (a fifth of the
     * analysis's CPU was that expression).
     */
    public static String parentOf(String label) {
        int dash = label.lastIndexOf('-');
        if (dash < 1 || !isPart(label, dash + 1)) {
            return null;
        }
        for (int i = 0; i < dash; i++) {
            if (isLineEnd(label.charAt(i))) {
                return null;
            }
        }
        return label.substring(0, dash);
    }

    /** A number, or a word starting with a lower-case ASCII letter followed by ASCII letters and digits. */
    private static boolean isPart(String label, int from) {
        if (from >= label.length()) {
            return false;
        }
        char first = label.charAt(from);
        boolean number = isDigit(first);
        if (!number && (first < 'a' || first > 'z')) {
            return false;
        }
        for (int i = from + 1; i < label.length(); i++) {
            char c = label.charAt(i);
            if (number ? !isDigit(c) : !(isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** The characters a regular expression's {@code .} does not match, so a parent never spans lines. */
    private static boolean isLineEnd(char c) {
        return c == '\n' || c == '\r' || c == '\u0085' || c == '\u2028' || c == '\u2029';
    }

    /**
     * Whether {@code label} is a sub-result, given which labels exist ({@code isLabel}): the whole set
     * once a file is read, or the labels seen so far while it is being written.
     */
    public static boolean isSubResult(String label, Predicate<String> isLabel) {
        return parentIsLabel(parentOf(label), isLabel);
    }

    /** {@link #isSubResult} for a caller that keeps each label's {@link #parentOf} (null: no parent). */
    public static boolean parentIsLabel(String parent, Predicate<String> isLabel) {
        return parent != null && isLabel.test(parent);
    }
}
