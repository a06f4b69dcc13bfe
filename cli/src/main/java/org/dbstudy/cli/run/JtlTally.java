package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.OutcomeClassifier;
import org.dbstudy.vocabulary.SampleLabels;

/**
 * Counts a cell's samples and errors while JMeter writes its CSV JTL, reading only what was appended
 * since the last look. It also remembers why a cell must be called failed: a failed setUp sample, or
 * a sample that stopped the test because the experiment was not applied.
 */
final class JtlTally {
    private final Path file;
    private long offset;
    private final StringBuilder pending = new StringBuilder();
    private int labelIndex = -1;
    private int successIndex = -1;
    private int messageIndex = -1;
    private int timeStampIndex = -1;
    private int elapsedIndex = -1;
    /** Epoch ms: the first workload sample's start and the latest workload sample's end (the measured window). */
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    /** Epoch ms of the first setUp sample's start: JMeter is up and the plan loaded. */
    private long setUpStart = Long.MAX_VALUE;
    /** Epoch ms of the last setUp sample's end: JMeter starts the users' groups after it. */
    private long setUpEnd = Long.MIN_VALUE;
    private long samples;
    private long errors;
    private String setupFailure;
    /** The first failed sample of a setUp group (not tearDown): the cell has nothing to measure. */
    private String setUpOnlyFailure;
    /** Top-level labels seen so far: a sub-result is known by its parent's label. */
    private final Set<String> labels = new HashSet<>();
    /** Samples and errors counted under labels that may yet prove to be sub-results. */
    private final Map<String, long[]> shapedAsSubResult = new HashMap<>();
    private String stopReason;
    private int codeIndex = -1;
    /** Workload samples whose connection to the server was lost, and the first one's message. */
    private long connectionLost;
    private String firstConnectionLost;

    /** What is told each workload sample as it is read: a cell that ends on precision ({@link PrecisionWatch}). */
    interface SampleSink {
        /** A top-level workload sample: its start (epoch ms), elapsed (ms) and success. */
        void sample(long start, long elapsed, boolean ok);
    }

    private SampleSink sink;

    JtlTally(Path file) {
        this.file = file;
    }

    /** Tells {@code watch} of every top-level workload sample read from now on. */
    JtlTally sink(SampleSink watch) {
        this.sink = watch;
        return this;
    }

    /** Reads what was appended; a last line without its newline waits for the next call. */
    void update() throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
            long length = raf.length();
            if (length <= offset) {
                return;
            }
            byte[] bytes = new byte[(int) Math.min(length - offset, 64 * 1024 * 1024)];
            raf.seek(offset);
            raf.readFully(bytes);
            offset += bytes.length;
            pending.append(new String(bytes, StandardCharsets.UTF_8));
        }
        int start = 0;
        boolean quoted = false;
        for (int i = 0; i < pending.length(); i++) {
            char c = pending.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\n' && !quoted) {
                line(pending.substring(start, i));
                start = i + 1;
            }
        }
        pending.delete(0, start);
    }

    private void line(String line) {
        List<String> f = Csv.split(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        if (labelIndex < 0) {
            labelIndex = f.indexOf("label");
            successIndex = f.indexOf("success");
            messageIndex = f.indexOf("responseMessage");
            codeIndex = f.indexOf("responseCode");
            timeStampIndex = f.indexOf("timeStamp");
            elapsedIndex = f.indexOf("elapsed");
            return;
        }
        if (f == null || f.size() <= Math.max(labelIndex, Math.max(successIndex, messageIndex))) {
            return;
        }
        String label = f.get(labelIndex);
        boolean ok = "true".equals(f.get(successIndex));
        String message = messageIndex < 0 ? "" : f.get(messageIndex);
        if (SampleLabels.isNotWorkload(label)) {
            if (SampleLabels.isSetUp(label)) {
                long start = start(f);
                setUpStart = Math.min(setUpStart, start);
                setUpEnd = Math.max(setUpEnd, end(f, start));
            }
            if (!ok && setupFailure == null) {
                setupFailure = (SampleLabels.isSetUp(label) ? "setUp '" : "tearDown '")
                        + SampleLabels.notWorkloadSubject(label) + "' failed: " + message;
                if (SampleLabels.isSetUp(label)) {
                    setUpOnlyFailure = setupFailure;
                }
            }
            return;
        }
        if (SampleLabels.isSubResult(label, labels::contains)) {
            return;
        }
        if (labels.add(label)) {
            forgetSubResultsOf(label);
        }
        window(f);
        if (sink != null) {
            long start = start(f);
            long end = end(f, start);
            if (end != Long.MIN_VALUE) {
                sink.sample(start, end - start, ok);
            }
        }
        long[] counted = SampleLabels.parentOf(label) == null ? null
                : shapedAsSubResult.computeIfAbsent(label, l -> new long[2]);
        samples++;
        if (counted != null) {
            counted[0]++;
        }
        if (!ok) {
            Outcome named = OutcomeClassifier.namedInMessage(message);
            // A sample the cell's end cut off while retrying is not an error (as in the analysis).
            if (named == null || named.isError()) {
                errors++;
                if (counted != null) {
                    counted[1]++;
                }
            }
            if (stopReason == null && named != null && named.stopsCell()) {
                stopReason = message;
            }
            String code = codeIndex < 0 || codeIndex >= f.size() ? "" : f.get(codeIndex);
            if (OutcomeClassifier.fromResult(code, message) == Outcome.CONNECTION_LOST && connectionLost++ == 0) {
                firstConnectionLost = message;
            }
        }
    }

    /**
     * A row shaped like a sub-result ({@code Parent-lock}) counts until its parent's label turns up;
     * then what it counted is taken back, so the tally does not depend on the order JMeter writes them.
     */
    private void forgetSubResultsOf(String parent) {
        shapedAsSubResult.entrySet().removeIf(e -> {
            if (!parent.equals(SampleLabels.parentOf(e.getKey()))) {
                return false;
            }
            samples -= e.getValue()[0];
            errors -= e.getValue()[1];
            labels.remove(e.getKey());
            return true;
        });
    }

    /** Widens the measured window by a workload sample's start and end (rows without numbers are left out). */
    private void window(List<String> f) {
        long start = start(f);
        if (start == Long.MAX_VALUE || f.size() <= elapsedIndex || elapsedIndex < 0) {
            return;
        }
        try {
            firstStart = Math.min(firstStart, start);
            lastEnd = Math.max(lastEnd, start + Long.parseLong(f.get(elapsedIndex)));
        } catch (NumberFormatException e) {
            // No elapsed number: the row does not widen the window.
        }
    }

    /** A row's end (timeStamp + elapsed) in epoch ms; Long.MIN_VALUE without both numbers. */
    private long end(List<String> f, long start) {
        if (start == Long.MAX_VALUE || elapsedIndex < 0 || f.size() <= elapsedIndex) {
            return Long.MIN_VALUE;
        }
        try {
            return start + Long.parseLong(f.get(elapsedIndex));
        } catch (NumberFormatException e) {
            return Long.MIN_VALUE;
        }
    }

    /** A row's timeStamp in epoch ms; Long.MAX_VALUE without one (formatted timestamps, a short row). */
    private long start(List<String> f) {
        if (timeStampIndex < 0 || f.size() <= timeStampIndex) {
            return Long.MAX_VALUE;
        }
        try {
            return Long.parseLong(f.get(timeStampIndex));
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Epoch ms of the first setUp sample's start, or -1 without one. */
    long setUpStart() { return setUpStart == Long.MAX_VALUE ? -1 : setUpStart; }

    /** Epoch ms of the last setUp sample's end, or -1 without one. */
    long setUpEnd() { return setUpEnd == Long.MIN_VALUE ? -1 : setUpEnd; }

    /** Epoch ms of the first workload sample's start, or -1 before one. */
    long firstStart() { return firstStart == Long.MAX_VALUE ? -1 : firstStart; }

    /** Epoch ms of the latest workload sample's end, or -1 before one. */
    long lastEnd() { return lastEnd == Long.MIN_VALUE ? -1 : lastEnd; }

    long samples() { return samples; }

    long errors() { return errors; }

    /** The first failed setUp sample's reason (tearDown's not counted), or null. */
    String setUpFailure() {
        return setUpOnlyFailure;
    }

    /** Why the cell produced no valid numbers, or null. */
    String failure() {
        return setupFailure != null ? setupFailure : stopReason != null ? stopReason : serverGone();
    }

    /**
     * Why the server is taken for gone, or null: a workload sample lost its connection (SQLState class
     * 08, 57P01/57P02/57P03, MariaDB 1927/2006/2013; {@link Outcome#CONNECTION_LOST}). Numbers measured
     * against a server that died or was shut down are not the cell's: the cell fails and --resume runs it again.
     */
    String serverGone() {
        return connectionLost == 0 ? null : "the server stopped answering: " + connectionLost
                + (connectionLost == 1 ? " sample" : " samples") + " lost the connection, the first with '" + firstConnectionLost + "'";
    }
}
