package org.dbstudy.analysis.statistics;

/**
 * One cell's value of a report column, typed as it was computed: the CSV and the page format it
 * ({@code report.format.ColumnFormat}), the validity verdict, figures and claims read it, nobody parses it back.
 */
public sealed interface ColumnValue {
    /** An empty field: not defined for this cell (no intended starts, no setUp sample). */
    ColumnValue EMPTY = new Empty();

    /** The value as a number: NaN when empty or text, 1 or 0 for a flag. */
    double number();

    static ColumnValue of(double value) {
        return new Num(value);
    }

    static ColumnValue count(long value) {
        return new Count(value);
    }

    /** A measured number; NaN where it is not defined. */
    record Num(double value) implements ColumnValue {
        @Override
        public double number() {
            return value;
        }
    }

    /** A whole count of things. */
    record Count(long value) implements ColumnValue {
        @Override
        public double number() {
            return value;
        }
    }

    /** A word: a method's or a sample set's id. */
    record Text(String value) implements ColumnValue {
        @Override
        public double number() {
            return Double.NaN;
        }
    }

    record Flag(boolean value) implements ColumnValue {
        @Override
        public double number() {
            return value ? 1 : 0;
        }
    }

    record Empty() implements ColumnValue {
        @Override
        public double number() {
            return Double.NaN;
        }
    }
}
