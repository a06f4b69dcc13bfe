package org.dbstudy.analysis.reading;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Opens a result file whatever its form: gzip is recognised by its magic bytes, XML by a leading
 * {@code <}, anything else is CSV whose delimiter is the most frequent of comma, tab, semicolon
 * and bar on the first line (outside quotes).
 */
public final class JtlFile {
    private static final int PEEK = 1 << 16;

    private JtlFile() {
    }

    public static ReadSummary read(Path file, boolean strict, Sample.Sink sink) throws IOException, AnalysisInputException {
        try (ResultStream in = open(file)) {
            byte[] head = peek(in);
            int first = firstContent(head);
            if (first < 0) {
                throw new AnalysisInputException(file, 1, "file", "empty; a JTL needs a CSV header line and "
                        + "samples, or an XML <testResults> document");
            }
            if (head[first] == '<') {
                return new XmlJtlReader().read(file, in, strict, sink);
            }
            in.skipNBytes(bom(head));
            return new CsvJtlReader().read(file, in, delimiter(head, first), strict, sink);
        }
    }

    /** The first line's fields, for deciding whether a CSV in a directory is a JTL at all. */
    public static boolean csvHeaderHasElapsed(Path file) throws IOException {
        try (ResultStream in = open(file)) {
            byte[] head = peek(in);
            int first = firstContent(head);
            if (first < 0 || head[first] == '<') {
                return false;
            }
            in.skipNBytes(bom(head));
            CsvTokenizer csv = new CsvTokenizer(in, delimiter(head, first));
            try {
                if (!csv.next()) {
                    return false;
                }
            } catch (CsvTokenizer.RecordTooLong e) {
                return false; // no line end in 64 MB: whatever it is, not a JTL
            }
            for (int f = 0; f < csv.fieldCount(); f++) {
                if (csv.fieldEqualsIgnoreCase(f, "elapsed")) {
                    return true;
                }
            }
            return csv.longField(0) != CsvTokenizer.NOT_A_NUMBER;
        }
    }

    /** A buffered stream positioned at the start, decompressed when the file is gzip. */
    public static ResultStream open(Path file) throws IOException {
        InputStream raw = Files.newInputStream(file);
        byte[] magic = raw.readNBytes(2);
        InputStream source = new SequenceInputStream(new ByteArrayInputStream(magic), raw);
        boolean gzip = magic.length == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
        return new ResultStream(gzip ? new GZIPInputStream(source, PEEK) : source, PEEK);
    }

    private static byte[] peek(InputStream in) throws IOException {
        in.mark(PEEK);
        byte[] head = in.readNBytes(PEEK);
        in.reset();
        return head;
    }

    /** Length of a UTF-8 byte-order mark at the start (3) or 0; blank lines stay, for line numbers. */
    private static int bom(byte[] head) {
        return head.length >= 3 && (head[0] & 0xff) == 0xef && (head[1] & 0xff) == 0xbb
                && (head[2] & 0xff) == 0xbf ? 3 : 0;
    }

    /** Index of the first byte after a UTF-8 byte-order mark and white space, or -1. */
    private static int firstContent(byte[] head) {
        int i = bom(head);
        while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        return i < head.length ? i : -1;
    }

    private static byte delimiter(byte[] head, int from) {
        byte[] candidates = {',', '\t', ';', '|'};
        int[] counts = new int[candidates.length];
        boolean quoted = false;
        for (int i = from; i < head.length && (quoted || head[i] != '\n'); i++) {
            if (head[i] == '"') {
                quoted = !quoted;
            }
            for (int c = 0; c < candidates.length && !quoted; c++) {
                counts[c] += head[i] == candidates[c] ? 1 : 0;
            }
        }
        int best = 0;
        for (int c = 1; c < candidates.length; c++) {
            best = counts[c] > counts[best] ? c : best;
        }
        return candidates[best];
    }
}
