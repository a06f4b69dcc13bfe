package org.dbstudy.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Counts a cell's samples and errors while JMeter writes its CSV JTL, reading only what was appended
 * since the last look. It also remembers why a cell must be called failed: a failed setUp sample, or
 * a sample that stopped the test because the experiment was not applied.
 */
final class JtlTally {
    /** Sub-results of the dbstudy sampler: Label-lock, Label-stmtN, Label-commit. */
    private static final Pattern SUB_RESULT = Pattern.compile(".*-(lock|commit|stmt\\d+)$");

    private final Path file;
    private long offset;
    private final StringBuilder pending = new StringBuilder();
    private int labelIndex = -1;
    private int successIndex = -1;
    private int messageIndex = -1;
    private long samples;
    private long errors;
    private String setupFailure;
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
        List<String> f = CsvLine.split(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
        if (labelIndex < 0) {
            labelIndex = f.indexOf("label");
            successIndex = f.indexOf("success");
            messageIndex = f.indexOf("responseMessage");
            return;
        }
        if (f.size() <= Math.max(labelIndex, Math.max(successIndex, messageIndex))) {
            return;
        }
        String label = f.get(labelIndex);
        boolean ok = "true".equals(f.get(successIndex));
        String message = messageIndex < 0 ? "" : f.get(messageIndex);
        if (label.startsWith("setUp ")) {
            if (!ok && setupFailure == null) {
                setupFailure = "setUp '" + label.substring(6) + "' failed: " + message;
            }
            return;
        }
        if (SUB_RESULT.matcher(label).matches()) {
            return;
        }
        samples++;
        if (!ok) {
            errors++;
            if (stopReason == null && (message.startsWith("not_applied:") || message.startsWith("configuration_error:"))) {
                stopReason = message;
            }
        }
    }

    long samples() { return samples; }

    long errors() { return errors; }

    /** Why the cell produced no valid numbers, or null. */
    String failure() {
        return setupFailure != null ? setupFailure : stopReason;
    }
}
