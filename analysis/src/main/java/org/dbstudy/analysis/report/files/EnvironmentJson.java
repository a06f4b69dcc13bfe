package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Reads {@code environment.json} (what a run ran on) into flat {@code key → value} pairs, nested
 * objects joined with dots ({@code server.version}). Enough JSON for that file: objects, strings,
 * numbers, booleans, null; arrays are kept as their text.
 */
public final class EnvironmentJson {
    private final Path file;
    private final String text;
    private int pos;

    private EnvironmentJson(Path file, String text) {
        this.file = file;
        this.text = text;
    }

    /** Files {@code environments/NN-NAME.json} beside a combined manifest: one per compared run. */
    public static final String DIRECTORY = ReportFiles.ENVIRONMENTS;

    /**
     * What the runs of a study ran on, by run name, in order: {@code environments/NN-NAME.json}
     * (several runs compared) or else {@code environment.json} (one run, named "this run").
     */
    public static Map<String, Map<String, String>> readAll(Path studyDir) throws IOException, AnalysisInputException {
        Map<String, Map<String, String>> all = new LinkedHashMap<>();
        Path dir = studyDir.resolve(DIRECTORY);
        if (Files.isDirectory(dir)) {
            List<Path> files;
            try (Stream<Path> list = Files.list(dir)) {
                files = list.filter(p -> ReportFiles.isEnvironmentFile(p.getFileName().toString())).sorted().toList();
            }
            for (Path f : files) {
                String name = ReportFiles.runOfEnvironmentFile(f.getFileName().toString());
                all.put(name, read(f));
            }
        }
        Path single = studyDir.resolve(RunFolder.ENVIRONMENT);
        if (all.isEmpty() && Files.isRegularFile(single)) {
            all.put("this run", read(single));
        }
        return all;
    }

    public static Map<String, String> read(Path file) throws IOException, AnalysisInputException {
        EnvironmentJson json = new EnvironmentJson(file, Files.readString(file, StandardCharsets.UTF_8));
        Map<String, String> flat = new LinkedHashMap<>();
        json.skipSpace();
        json.object("", flat);
        json.skipSpace();
        if (json.pos < json.text.length()) {
            throw json.error("text after the closing '}'");
        }
        return flat;
    }

    private void object(String prefix, Map<String, String> flat) throws AnalysisInputException {
        expect('{');
        skipSpace();
        if (peek() == '}') {
            pos++;
            return;
        }
        while (true) {
            skipSpace();
            String key = string();
            skipSpace();
            expect(':');
            skipSpace();
            String path = prefix.isEmpty() ? key : prefix + "." + key;
            if (peek() == '{') {
                object(path, flat);
            } else {
                flat.put(path, value());
            }
            skipSpace();
            char c = next();
            if (c == '}') {
                return;
            }
            if (c != ',') {
                pos--;
                throw error("expected ',' or '}'");
            }
        }
    }

    private String value() throws AnalysisInputException {
        char c = peek();
        if (c == '"') {
            return string();
        }
        if (c == '[') {
            int start = pos;
            int depth = 0;
            boolean quoted = false;
            do {
                char d = next();
                if (d == '"' && text.charAt(pos - 2) != '\\') {
                    quoted = !quoted;
                } else if (!quoted) {
                    depth += d == '[' ? 1 : d == ']' ? -1 : 0;
                }
            } while (depth > 0);
            return text.substring(start, pos);
        }
        int start = pos;
        while (pos < text.length() && ",}] \t\r\n".indexOf(text.charAt(pos)) < 0) {
            pos++;
        }
        if (start == pos) {
            throw error("expected a value");
        }
        return text.substring(start, pos);
    }

    private String string() throws AnalysisInputException {
        expect('"');
        StringBuilder out = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case 'n': out.append('\n'); break;
                case 't': out.append('\t'); break;
                case 'r': out.append('\r'); break;
                case 'b': out.append('\b'); break;
                case 'f': out.append('\f'); break;
                case 'u':
                    if (pos + 4 > text.length()) {
                        throw error("incomplete \\u escape");
                    }
                    out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                    pos += 4;
                    break;
                default: out.append(e);
            }
        }
    }

    private void expect(char c) throws AnalysisInputException {
        if (pos >= text.length() || text.charAt(pos) != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private char next() throws AnalysisInputException {
        if (pos >= text.length()) {
            throw error("unexpected end of file");
        }
        return text.charAt(pos++);
    }

    private char peek() throws AnalysisInputException {
        if (pos >= text.length()) {
            throw error("unexpected end of file");
        }
        return text.charAt(pos);
    }

    private void skipSpace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    private AnalysisInputException error(String problem) {
        long line = 1;
        for (int i = 0; i < Math.min(pos, text.length()); i++) {
            line += text.charAt(i) == '\n' ? 1 : 0;
        }
        return new AnalysisInputException(file, line, "json", problem
                + "; environment.json must be one JSON object of strings, numbers or nested objects");
    }
}
