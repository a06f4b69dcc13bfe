package org.dbstudy.analysis.cells;

import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.OutcomeClassifier;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.analysis.reading.RunClock;
import org.dbstudy.analysis.reading.Sample;
import org.dbstudy.analysis.reading.SampleSet;

/**
 * Collects the samples of one result file (one run): an {@link Accumulator} per label, agent
 * tallies per label, warm-up exclusion relative to the run's first workload timeStamp. Once the file is
 * read, {@link #subResults()} tells sub-result labels from top-level ones.
 */
public final class RunCollector implements Sample.Sink {
    /**
     * Distinct labels a study may have: each keeps its own counts per run, per cell and over the study
     * (a few tens of KB), and {@code bin/dbstudy analyze} has a 384 MB heap. Studies name samples by
     * transaction or query (TPC-C: 5, CH-benCHmark: 22); thousands of labels mean a value in the label.
     */
    public static final int MAX_LABELS = 2_000;

    /** A file (or a study) with more than {@link #MAX_LABELS} labels: the first label past the limit. */
    public static final class TooManyLabels extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final long line;
        private final String label;

        public TooManyLabels(long line, String label) {
            super(null, null, false, false);
            this.line = line;
            this.label = label;
        }

        public long line() {
            return line;
        }

        /** The problem for {@code AnalysisInputException}'s message. */
        public String problem() {
            return "'" + label + "' is label number " + (MAX_LABELS + 1) + "; the analysis takes at most " + MAX_LABELS
                    + " distinct labels (each keeps its own counts), name samples by transaction or query rather than"
                    + " by a value such as an id";
        }
    }

    private final long warmupMillis;
    private final SampleSet set;
    private final Map<String, LabelRun> labels = new LinkedHashMap<>();
    private final Agents agents = new Agents();
    private final RunNotes notes = new RunNotes();
    /** Leaves out samples whose timeStamp lies far outside the run's time. */
    private final RunClock clock = new RunClock(this::take);
    /** Per thread: the last intended start, start and end of its workload samples. */
    private final Map<String, long[]> threadSchedule = new HashMap<>();
    private boolean started;
    private long runStart;
    private long warmupExcluded;

    /** One label's samples in this run. */
    public static final class LabelRun {
        /** The label this one would be a sub-result of ({@link SampleLabels#parentOf}), found once per label, not per row. */
        final String parent;
        final Accumulator accumulator = new Accumulator();
        /** The analysed samples (see {@link SampleSet}) in time batches, for within-run intervals. */
        final TimeBatches batches = new TimeBatches();
        final Map<String, Tally> agents = new LinkedHashMap<>();
        /**
         * Threads seen so far, each with its agent's tally: a thread's first sample in the file is its
         * first (JMeter writes a thread's samples in order). One lookup a row instead of three.
         */
        final Map<String, Tally> threads = new HashMap<>();
        boolean nested;

        LabelRun(String label) {
            this.parent = SampleLabels.parentOf(label);
        }
    }

    /** @param set the samples that go into the time batches */
    public RunCollector(double warmupSeconds, SampleSet set) {
        this.warmupMillis = Math.round(warmupSeconds * 1000);
        this.set = set;
    }

    @Override
    public void accept(Sample s) {
        clock.accept(s);
    }

    /** The file is read: samples the run's clock still holds back are taken. */
    public void end() {
        clock.end();
    }

    /** The run's clock: how many samples it left out as far off, and the first of them. */
    public RunClock clock() {
        return clock;
    }

    private void take(Sample s) {
        boolean workload = !SampleLabels.isNotWorkload(s.label);
        if (!started && workload) {
            started = true;
            runStart = s.timeStamp;
        }
        // Before the warm-up is dropped: priming is measured up to the first workload sample.
        if (workload) {
            notes.workload(s.timeStamp, s.timeStamp + s.elapsed);
        } else if (!started) {
            notes.setUpEnded(s.timeStamp + s.elapsed);
        }
        // JMeter writes rows as samples end, stamped with their start: a row may start before the first
        // row written. Without a warm-up nothing is dropped; with one, the first row's start is the clock.
        if (warmupMillis > 0 && s.timeStamp < runStart + warmupMillis) {
            warmupExcluded++;
            return;
        }
        Outcome outcome = s.success ? null : OutcomeClassifier.fromResult(s.responseCode, s.responseMessage);
        LabelRun run = labels.get(s.label);
        if (run == null) {
            if (labels.size() == MAX_LABELS) {
                throw new TooManyLabels(s.line, s.label);
            }
            run = new LabelRun(s.label);
            labels.put(s.label, run);
        }
        run.nested |= s.nested;
        // setUp samples before the workload have no run clock yet: bin them at second 0.
        long second = started ? Math.max(0, Math.floorDiv(s.timeStamp - runStart, 1000)) : 0;
        run.accumulator.add(s.timeStamp, s.elapsed, second, outcome);
        run.accumulator.addConnect(s.connect);
        run.accumulator.addThreads(second, s.allThreads);
        if (outcome != null) {
            run.accumulator.addErrorMessage(s.responseCode, s.responseMessage);
        }
        run.accumulator.addTries(s.tries, s.responseMessage, s.success);
        if (!workload && s.responseMessage != null) {
            notes.add(s.responseMessage);
        }
        String thread = s.threadName == null ? "" : s.threadName;
        Tally agentTally = run.threads.get(thread);
        if (agentTally == null) {
            run.accumulator.addFirstOfThread(s.elapsed);
            agentTally = run.agents.computeIfAbsent(agents.of(s.threadName), a -> new Tally());
            run.threads.put(thread, agentTally);
        }
        if (started && (outcome == null || set == SampleSet.ALL)) {
            // Batches start where the measured part starts: after the warm-up.
            run.batches.add(s.timeStamp + s.elapsed - runStart - warmupMillis, s.elapsed);
        }
        agentTally.add(1, outcome == null ? 0 : 1);
        if (workload && !SampleLabels.parentIsLabel(run.parent, labels::containsKey)) {
            keepSchedule(s, run.accumulator.schedule());
        }
    }

    /**
     * Lag of a sample with an intended start; with the thread's previous sample, the designed pause
     * (intended start − previous end) and the actual gap between starts. Rows of one sample (its
     * sub-results) share the intended start and count once.
     */
    private void keepSchedule(Sample s, Schedule schedule) {
        long[] last = threadSchedule.computeIfAbsent(s.threadName == null ? "" : s.threadName, k -> new long[3]);
        if (s.intendedStart > 0) {
            if (s.intendedStart == last[0]) {
                return;
            }
            schedule.addLag(s.timeStamp - s.intendedStart, s.elapsed);
            if (last[2] > 0) {
                schedule.addPause(s.intendedStart - last[2], s.timeStamp - last[1]);
            }
        }
        last[0] = s.intendedStart;
        last[1] = s.timeStamp;
        last[2] = s.timeStamp + s.elapsed;
    }

    public Map<String, LabelRun> labels() {
        return Collections.unmodifiableMap(labels);
    }

    /**
     * Labels that are sub-results: nested in XML, or named so by {@link SampleLabels#isSubResult}.
     */
    public Set<String> subResults() {
        Set<String> subs = new HashSet<>();
        for (Map.Entry<String, LabelRun> e : labels.entrySet()) {
            if (e.getValue().nested || SampleLabels.parentIsLabel(e.getValue().parent, labels::containsKey)) {
                subs.add(e.getKey());
            }
        }
        return subs;
    }

    /** The epoch ms the run's seconds count from: its first workload timeStamp; empty when it had none. */
    public OptionalLong runStart() {
        return started ? OptionalLong.of(runStart) : OptionalLong.empty();
    }

    /** What the run's setUp and tearDown samples said (data start, consistency, plans). */
    public RunNotes notes() {
        return notes;
    }

    public long warmupExcluded() {
        return warmupExcluded;
    }
}
