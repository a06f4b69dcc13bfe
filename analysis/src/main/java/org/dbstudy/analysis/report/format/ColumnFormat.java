package org.dbstudy.analysis.report.format;

import org.dbstudy.analysis.statistics.ColumnTable;
import org.dbstudy.analysis.statistics.ColumnValue;
import org.dbstudy.vocabulary.files.ReportColumn;

/**
 * How a report column's typed value is written: in the CSV files at full precision ({@link Fmt#exact}, a count
 * as a whole number, a flag as {@code true}/{@code false}, empty when not defined), on the page rounded to the
 * column's decimals ({@link ColumnTable#decimals}).
 */
public final class ColumnFormat {
    private ColumnFormat() {
    }

    public static String csv(ColumnValue v) {
        if (v instanceof ColumnValue.Num n) {
            return Fmt.exact(n.value());
        }
        if (v instanceof ColumnValue.Count n) {
            return Fmt.num(n.value());
        }
        if (v instanceof ColumnValue.Text t) {
            return t.value();
        }
        return v instanceof ColumnValue.Flag f ? Boolean.toString(f.value()) : "";
    }

    public static String page(ReportColumn c, ColumnValue v) {
        return v instanceof ColumnValue.Num n ? Fmt.num(n.value(), ColumnTable.decimals(c)) : csv(v);
    }
}
