package org.dbstudy.jmeter.dialect;

/** Quoting of setting values written into SET statements. */
final class SqlLiterals {
    private SqlLiterals() {
    }

    static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /** MySQL's SET takes numbers bare and words as strings or identifiers; quote all but numbers. */
    static String numberOrQuoted(String value) {
        return value.matches("-?\\d+(\\.\\d+)?") ? value : quote(value);
    }
}
