package org.dbstudy.vocabulary.files;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code environment.json}, what a run ran on: its keys and its one codec. The runner writes it (and adds to it
 * per cell), the analysis reads it, flattened to dotted keys ({@code database.version}) for the report.
 *
 * <p>Its shape is one JSON object whose values are strings or nested objects of the same kind; keys keep their
 * order. The codec is the JDK's alone, not Jackson: the vocabulary is JDK-only and shaded into the plugin, and
 * one writer and reader beside the keys is what keeps the two sides on one shape. It writes the bytes Jackson's
 * default pretty printer wrote before ({@code "key" : "value"}, two spaces a level, {@code { }} when empty, a
 * line end after the closing brace). It reads any JSON object such files held: numbers, booleans and arrays
 * as their text, {@code null} as null (flattened: "null").
 */
public final class EnvironmentFile {
    /** The build that wrote the file: {@link #VERSION}, {@link #COMMIT}, {@link #UNCOMMITTED_CHANGES}, {@link #PLUGIN}. */
    public static final String DBSTUDY = "dbstudy";
    /** The run: {@link #STUDY}, {@link #TARGET}, {@link #STARTED}, {@link #AGENTS}. */
    public static final String RUN = "run";
    /**
     * The server as it states itself: {@link #URL} (redacted), {@link #USER}, {@link #PRODUCT}, {@link #VERSION},
     * {@link #SERVER}, {@link #DRIVER}, {@link #SETTINGS}, or {@link #ERROR} when it could not be asked.
     */
    public static final String DATABASE = "database";
    /**
     * The client: {@link #JMETER}, {@link #JMETER_HOME}, {@link #JAVA}, {@link #JMETER_JAVA}, {@link #OS},
     * {@link #CORES}, {@link #MEMORY_MB}, {@link #JDBC_DRIVERS}, and {@link #JMETER_JVM} once the cells start.
     */
    public static final String CLIENT = "client";
    /** Each cell's effective server settings before it ran, by plan base name. */
    public static final String SERVER_SETTINGS_PER_CELL = "server_settings_per_cell";

    public static final String VERSION = "version";
    public static final String COMMIT = "commit";
    public static final String UNCOMMITTED_CHANGES = "uncommitted_changes";
    public static final String PLUGIN = "plugin";

    public static final String STUDY = "study";
    public static final String TARGET = "target";
    public static final String STARTED = "started";
    public static final String AGENTS = "agents";

    public static final String URL = "url";
    public static final String USER = "user";
    public static final String PRODUCT = "product";
    public static final String SERVER = "server";
    public static final String DRIVER = "driver";
    public static final String SETTINGS = "settings";
    public static final String ERROR = "error";

    public static final String JMETER = "jmeter";
    public static final String JMETER_HOME = "jmeter_home";
    public static final String JAVA = "java";
    public static final String JMETER_JAVA = "jmeter_java";
    public static final String OS = "os";
    public static final String CORES = "cores";
    public static final String MEMORY_MB = "memory_mb";
    public static final String JDBC_DRIVERS = "jdbc_drivers";
    public static final String JMETER_JVM = "jmeter_jvm";

    private static final String INDENT = "  ";

    private EnvironmentFile() {
    }

    /** A key as {@link #flatten} names it: {@code path(DATABASE, VERSION)} is {@code database.version}. */
    public static String path(String object, String key) {
        return object + "." + key;
    }

    /**
     * The file's text: pretty-printed, ending with a line end. Values are strings (or null) and nested maps of
     * the same; anything else is a programming error.
     */
    public static String write(Map<String, ?> environment) {
        StringBuilder out = new StringBuilder();
        object(out, environment, "");
        return out.append('\n').toString();
    }

    /** The text's object, keys in order: strings (or null), nested maps, and other values as their JSON text. */
    public static Map<String, Object> read(String text) throws FormatException {
        Parser p = new Parser(text);
        p.skipSpace();
        Map<String, Object> env = p.object();
        p.skipSpace();
        if (p.pos < text.length()) {
            throw p.error("text after the closing '}'");
        }
        return env;
    }

    /** Nested objects joined with dots ({@code server.os.name}), in order; the analysis's form. */
    public static Map<String, String> flatten(Map<String, ?> environment) {
        Map<String, String> flat = new LinkedHashMap<>();
        flatten("", environment, flat);
        return flat;
    }

    private static void flatten(String prefix, Map<String, ?> object, Map<String, String> flat) {
        object.forEach((key, value) -> {
            String path = prefix.isEmpty() ? key : path(prefix, key);
            if (value instanceof Map<?, ?> nested) {
                flatten(path, cast(nested), flat);
            } else {
                flat.put(path, String.valueOf(value));
            }
        });
    }

    @SuppressWarnings("unchecked")
    private static Map<String, ?> cast(Map<?, ?> map) {
        return (Map<String, ?>) map;
    }

    private static void object(StringBuilder out, Map<String, ?> object, String indent) {
        if (object.isEmpty()) {
            out.append("{ }");
            return;
        }
        String inner = indent + INDENT;
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, ?> e : object.entrySet()) {
            out.append(first ? "\n" : ",\n").append(inner);
            first = false;
            string(out, e.getKey());
            out.append(" : ");
            Object value = e.getValue();
            if (value == null) {
                out.append("null");
            } else if (value instanceof String s) {
                string(out, s);
            } else if (value instanceof Map<?, ?> nested) {
                object(out, cast(nested), inner);
            } else {
                throw new IllegalArgumentException("environment.json holds strings and objects, not " + value.getClass());
            }
        }
        out.append('\n').append(indent).append('}');
    }

    /** A JSON string as Jackson escaped it: quote, backslash, the short control escapes, other controls as \\u00XX. */
    private static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(java.util.Locale.ROOT, "\\u%04X", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** A file that is not such an object: the line and what was expected there. */
    public static final class FormatException extends Exception {
        private static final long serialVersionUID = 1L;
        private final long line;
        private final String problem;

        FormatException(long line, String problem) {
            super("line " + line + ": " + problem);
            this.line = line;
            this.problem = problem;
        }

        public long line() {
            return line;
        }

        /** What was wrong, without the line. */
        public String problem() {
            return problem;
        }
    }

    /** Enough JSON for this file, one object read from the start. */
    private static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        Map<String, Object> object() throws FormatException {
            Map<String, Object> object = new LinkedHashMap<>();
            expect('{');
            skipSpace();
            if (peek() == '}') {
                pos++;
                return object;
            }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                skipSpace();
                object.put(key, peek() == '{' ? object() : peek() == '"' ? string() : literal());
                skipSpace();
                char c = next();
                if (c == '}') {
                    return object;
                }
                if (c != ',') {
                    pos--;
                    throw error("expected ',' or '}'");
                }
            }
        }

        /** An array, number or boolean as its text; null as null, so that a file reads back as it was written. */
        private String literal() throws FormatException {
            int start = pos;
            if (peek() == '[') {
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
            while (pos < text.length() && ",}] \t\r\n".indexOf(text.charAt(pos)) < 0) {
                pos++;
            }
            if (start == pos) {
                throw error("expected a value");
            }
            String literal = text.substring(start, pos);
            return literal.equals("null") ? null : literal;
        }

        private String string() throws FormatException {
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
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (pos + 4 > text.length()) {
                            throw error("incomplete \\u escape");
                        }
                        try {
                            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        } catch (NumberFormatException bad) {
                            throw error("\\u needs four hex digits");
                        }
                        pos += 4;
                    }
                    default -> out.append(e);
                }
            }
        }

        private void expect(char c) throws FormatException {
            if (pos >= text.length() || text.charAt(pos) != c) {
                throw error("expected '" + c + "'");
            }
            pos++;
        }

        private char next() throws FormatException {
            if (pos >= text.length()) {
                throw error("unexpected end of file");
            }
            return text.charAt(pos++);
        }

        private char peek() throws FormatException {
            if (pos >= text.length()) {
                throw error("unexpected end of file");
            }
            return text.charAt(pos);
        }

        void skipSpace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        FormatException error(String problem) {
            long line = 1;
            for (int i = 0; i < Math.min(pos, text.length()); i++) {
                line += text.charAt(i) == '\n' ? 1 : 0;
            }
            return new FormatException(line, problem);
        }
    }
}
