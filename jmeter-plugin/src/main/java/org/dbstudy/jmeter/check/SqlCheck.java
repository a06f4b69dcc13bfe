package org.dbstudy.jmeter.check;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.NamedSql;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.jmeter.procedure.TryContext;
import org.dbstudy.vocabulary.ResponseMessages;

/**
 * SQL_CHECK: runs statement {@code query} and compares the first column of its first row with argument
 * {@code expect} (as numbers when both are, else as text; no row is {@code NULL}). It holds: the sample
 * succeeds with {@code violations=0 got=…}. It does not: the sample fails with {@code violations=1 got=…
 * expected=…}, so that the run calls the cell failed and the report counts the violation, as for TPC-C's check.
 */
final class SqlCheck implements Procedure {
    static final String NAME = "SQL_CHECK";
    static final String QUERY = "query";
    static final List<String> ARGUMENTS = List.of("expect");

    private final String expect;
    private final NamedSql sql;

    SqlCheck(Arguments arguments, NamedSql sql) throws InvalidSettingException {
        this.expect = arguments.text("expect", null);
        if (expect == null) {
            throw Arguments.problem("expect", "missing; give the value the query's first column must have");
        }
        this.sql = sql;
    }

    @Override
    public void run(TryContext ctx) throws SQLException, ProcedureFailedException {
        String got;
        PreparedStatement ps = ctx.prepare(sql.sql(QUERY, ctx.dialect()));
        try (ResultSet rs = ps.executeQuery()) {
            ctx.firstResult();
            got = rs.next() ? rs.getString(1) : null;
        }
        String shown = got == null ? "NULL" : got;
        ctx.responseData("got\t" + shown + "\nexpected\t" + expect + "\n");
        if (!holds(shown, expect)) {
            throw new ProcedureFailedException(ResponseMessages.violations(1) + " got=" + shown + " expected=" + expect, false);
        }
        ctx.note(ResponseMessages.violations(0) + " got=" + shown);
    }

    /** Equal as numbers when both are numbers (1000.00 is 1000), else as text. */
    static boolean holds(String got, String expect) {
        try {
            return new BigDecimal(got.strip()).compareTo(new BigDecimal(expect.strip())) == 0;
        } catch (NumberFormatException e) {
            return got.equals(expect);
        }
    }
}
