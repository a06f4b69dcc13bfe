package org.dbstudy.analysis;

import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Collects the samples of one result file (one run): an {@link Accumulator} per label, agent
 * tallies per label, warm-up exclusion relative to the run's first workload timeStamp. Once the file is
 * read, {@link #subResults()} tells sub-result labels from top-level ones.
 */
final class RunCollector implements Sample.Sink {
    /**
     * JMeter writes sub-results as rows labelled Parent-N; the dbstudy sampler names its own
     * Parent-lock, Parent-stmtN and Parent-commit, and a procedure's statements Parent-statementName
     * (lower camel case: NewOrder-getStock).
     */
    private static final Pattern SUB_RESULT = Pattern.compile("^(.+)-(\\d+|lock|commit|stmt\\d+|[a-z][A-Za-z0-9]*)$");

    private final long warmupMillis;
    private final Map<String, LabelRun> labels = new LinkedHashMap<>();
    private final Agents agents = new Agents();
    private boolean started;
    private long runStart;
    private long warmupExcluded;

    /** One label's samples in this run. */
    static final class LabelRun {
        final Accumulator accumulator = new Accumulator();
        final Map<String, Tally> agents = new LinkedHashMap<>();
        boolean nested;
    }

    RunCollector(double warmupSeconds) {
        this.warmupMillis = Math.round(warmupSeconds * 1000);
    }

    /**
     * The samples of a plan's setUp thread group (schema and data loading, labelled {@code setUp …} by
     * the generator) and of its tearDown thread group (consistency checks and plans after the run,
     * labelled {@code tearDown …}) are kept per label but are not part of the measured workload.
     */
    static boolean isSetUp(String label) {
        return label.startsWith("setUp ") || label.startsWith("tearDown ");
    }

    @Override
    public void accept(Sample s) {
        if (!started && !isSetUp(s.label)) {
            started = true;
            runStart = s.timeStamp;
        }
        // JMeter writes rows as samples end, stamped with their start: a row may start before the first
        // row written. Without a warm-up nothing is dropped; with one, the first row's start is the clock.
        if (warmupMillis > 0 && s.timeStamp < runStart + warmupMillis) {
            warmupExcluded++;
            return;
        }
        OutcomeClass outcome = s.success ? null : OutcomeClassifier.classify(s.responseCode, s.responseMessage);
        LabelRun run = labels.get(s.label);
        if (run == null) {
            run = new LabelRun();
            labels.put(s.label, run);
        }
        run.nested |= s.nested;
        // setUp samples before the workload have no run clock yet: bin them at second 0.
        long second = started ? Math.max(0, Math.floorDiv(s.timeStamp - runStart, 1000)) : 0;
        run.accumulator.add(s.timeStamp, s.elapsed, second, outcome);
        run.agents.computeIfAbsent(agents.of(s.threadName), a -> new Tally()).add(1, outcome == null ? 0 : 1);
    }

    Map<String, LabelRun> labels() {
        return Collections.unmodifiableMap(labels);
    }

    /**
     * Labels that are sub-results: nested in XML, or {@code Parent-N} (or the sampler's
     * {@code Parent-lock}, {@code Parent-stmtN}, {@code Parent-commit}) next to a label {@code Parent}.
     */
    Set<String> subResults() {
        Set<String> subs = new HashSet<>();
        for (Map.Entry<String, LabelRun> e : labels.entrySet()) {
            Matcher m = SUB_RESULT.matcher(e.getKey());
            if (e.getValue().nested || m.matches() && labels.containsKey(m.group(1))) {
                subs.add(e.getKey());
            }
        }
        return subs;
    }

    long warmupExcluded() {
        return warmupExcluded;
    }
}
