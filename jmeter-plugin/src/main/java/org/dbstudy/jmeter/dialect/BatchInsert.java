package org.dbstudy.jmeter.dialect;

import java.util.Locale;

/** Rewrites {@code INSERT … VALUES (…)} into {@code INSERT … VALUES (…), (…), …}. */
final class BatchInsert {
    private BatchInsert() {
    }

    static String multiRowValues(String insert, int rows) {
        if (rows <= 1) {
            return insert;
        }
        String upper = insert.toUpperCase(Locale.ROOT);
        int values = upper.lastIndexOf("VALUES");
        int open = values < 0 ? -1 : insert.indexOf('(', values);
        int close = insert.lastIndexOf(')');
        if (!upper.stripLeading().startsWith("INSERT") || open < 0 || close < open) {
            throw new IllegalArgumentException(
                    "batch rows need an INSERT … VALUES (…) statement with one row, got: " + insert);
        }
        String row = insert.substring(open, close + 1);
        StringBuilder sb = new StringBuilder(insert.length() + (row.length() + 2) * rows);
        sb.append(insert, 0, close + 1);
        for (int i = 1; i < rows; i++) {
            sb.append(", ").append(row);
        }
        sb.append(insert, close + 1, insert.length());
        return sb.toString();
    }
}
