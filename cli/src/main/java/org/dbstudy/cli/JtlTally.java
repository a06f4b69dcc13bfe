package org.dbstudy.cli;

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
import org.dbstudy.vocabulary.Csv;
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

    JtlTally(Path file) {
        this.file = file;
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
            return;
        }
        if (f == null || f.size() <= Math.max(labelIndex, Math.max(successIndex, messageIndex))) {
            return;
        }
        String label = f.get(labelIndex);
        boolean ok = "true".equals(f.get(successIndex));
        String message = messageIndex < 0 ? "" : f.get(messageIndex);
        if (SampleLabels.isNotWorkload(label)) {
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
        long[] counted = SampleLabels.parentOf(label) == null ? null
                : shapedAsSubResult.computeIfAbsent(label, l -> new long[2]);
        samples++;
        if (counted != null) {
            counted[0]++;
        }
        if (!ok) {
            errors++;
            if (counted != null) {
                counted[1]++;
            }
            Outcome named = OutcomeClassifier.namedInMessage(message);
            if (stopReason == null && named != null && named.stopsCell()) {
                stopReason = message;
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

    long samples() { return samples; }

    long errors() { return errors; }

    /** The first failed setUp sample's reason (tearDown's not counted), or null. */
    String setUpFailure() {
        return setUpOnlyFailure;
    }

    /** Why the cell produced no valid numbers, or null. */
    String failure() {
        return setupFailure != null ? setupFailure : stopReason;
    }
}
