package org.dbstudy.vocabulary;

import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    private static final Pattern SUB_RESULT = Pattern.compile("^(.+)-(\\d+|lock|commit|stmt\\d+|[a-z][A-Za-z0-9]*)$");

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

    /** The parent a label of sub-result shape names, or null when it has no such shape. */
    public static String parentOf(String label) {
        Matcher m = SUB_RESULT.matcher(label);
        return m.matches() ? m.group(1) : null;
    }

    /**
     * Whether {@code label} is a sub-result, given which labels exist ({@code isLabel}): the whole set
     * once a file is read, or the labels seen so far while it is being written.
     */
    public static boolean isSubResult(String label, Predicate<String> isLabel) {
        String parent = parentOf(label);
        return parent != null && isLabel.test(parent);
    }
}
