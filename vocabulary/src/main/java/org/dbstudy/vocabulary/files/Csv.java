package org.dbstudy.vocabulary.files;

import java.util.ArrayList;
import java.util.List;

/**
 * One CSV record in and out, RFC 4180 quoting: a field is quoted only when it holds a comma, a quote
 * or a line break. For the small files modules hand each other (manifest, run status, reports); the
 * JTL reader in analysis has its own zero-copy tokenizer for speed.
 */
public final class Csv {
    private Csv() {
    }

    /** A field as written: quoted only where needed. */
    public static String quote(String field) {
        String f = field == null ? "" : field;
        if (f.indexOf(',') < 0 && f.indexOf('"') < 0 && f.indexOf('\n') < 0 && f.indexOf('\r') < 0) {
            return f;
        }
        return '"' + f.replace("\"", "\"\"") + '"';
    }

    /** One record, without its line end. */
    public static String join(List<String> fields) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(fields.get(i)));
        }
        return sb.toString();
    }

    /**
     * Splits one record's text (which may span lines inside quotes). Returns null when a quote is
     * still open at the end: the record continues on the next line.
     */
    public static List<String> split(CharSequence record) {
        List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < record.length(); i++) {
            char c = record.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < record.length() && record.charAt(i + 1) == '"') {
                    current.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    current.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(current.toString());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        if (quoted) {
            return null;
        }
        fields.add(current.toString());
        return fields;
    }
}
