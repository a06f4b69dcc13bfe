package org.dbstudy.cli;

import java.util.Locale;
import java.util.Iterator;
import java.util.Map;

/** Writes nested maps of strings as JSON: all environment.json needs, without a library. */
final class Json {
    private Json() {
    }

    static String write(Map<String, ?> object) {
        StringBuilder sb = new StringBuilder();
        write(sb, object, "");
        return sb.append('\n').toString();
    }

    private static void write(StringBuilder sb, Object value, String indent) {
        if (value instanceof Map<?, ?> map) {
            sb.append("{\n");
            Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                sb.append(indent).append("  ");
                string(sb, String.valueOf(e.getKey()));
                sb.append(": ");
                write(sb, e.getValue(), indent + "  ");
                sb.append(it.hasNext() ? ",\n" : "\n");
            }
            sb.append(indent).append('}');
        } else {
            string(sb, String.valueOf(value));
        }
    }

    private static void string(StringBuilder sb, String s) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
