package org.dbstudy.jmeter.procedure;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.dbstudy.jmeter.dialect.Dialect;

/**
 * Runs a procedure's named statements in one try: binds the arguments in order, times each execution
 * as a sub-result named after the statement (the part after the dot: {@code NewOrder-getStock}) and
 * counts rows.
 */
public final class Statements {
    private final TryContext ctx;
    private final NamedSql sql;
    /**
     * Sub-results asked for: read once per try. Without them a statement is neither timed nor named
     * (the sub-result's name is a substring: one allocation per statement, ~20 per transaction). The
     * try would drop the sub-result anyway ({@link TryContext#subResult}); asking first saves the work.
     */
    private final boolean steps;
    /** The try's dialect, read once: the statements' SQL and how a decimal is bound ({@link Dialect#decimal}). */
    private final Dialect dialect;
    /** Statements batched in this try: a cached statement may still hold the batch of a try that failed (made on the first batch). */
    private java.util.Set<String> batched;

    Statements(TryContext ctx, NamedSql sql) {
        this.ctx = ctx;
        this.sql = sql;
        this.steps = ctx.stepsWanted();
        this.dialect = ctx.dialect();
    }

    public TryContext context() { return ctx; }

    /** Executes an INSERT, UPDATE or DELETE; the number of rows it changed. */
    public int update(String name, Object... args) throws SQLException {
        long start = startStep();
        boolean ok = false;
        try {
            PreparedStatement ps = bind(name, args);
            int n = ps.execute() ? drain(ps.getResultSet()) : ps.getUpdateCount();
            ctx.firstResult();
            ctx.addRows(Math.max(0, n));
            ok = true;
            return n;
        } finally {
            endStep(name, start, ok);
        }
    }

    /** Runs a query; the caller reads the rows and closes the result, which ends its timing. */
    public Rows query(String name, Object... args) throws SQLException {
        long start = startStep();
        try {
            ResultSet rs = bind(name, args).executeQuery();
            ctx.firstResult();
            return new Rows(rs, name, start);
        } catch (SQLException | RuntimeException e) {
            endStep(name, start, false);
            throw e;
        }
    }

    /** Adds one set of arguments to the statement's batch (sent by {@link #executeBatch}). */
    public void addBatch(String name, Object... args) throws SQLException {
        if (batched == null) {
            batched = new java.util.HashSet<>();
        }
        if (batched.add(name)) {
            ctx.prepare(sql.sql(name, dialect)).clearBatch();
        }
        bind(name, args).addBatch();
    }

    /** Sends the batch; the number of rows changed in all. */
    public long executeBatch(String name) throws SQLException {
        long start = startStep();
        boolean ok = false;
        try {
            long total = 0;
            for (int n : ctx.prepare(sql.sql(name, dialect)).executeBatch()) {
                total += Math.max(0, n);
            }
            ctx.firstResult();
            ctx.addRows(total);
            ok = true;
            return total;
        } finally {
            endStep(name, start, ok);
        }
    }

    private PreparedStatement bind(String name, Object[] args) throws SQLException {
        PreparedStatement ps = ctx.prepare(sql.sql(name, dialect));
        for (int i = 0; i < args.length; i++) {
            Object value = args[i];
            ps.setObject(i + 1, value instanceof BigDecimal d ? dialect.decimal(d) : value);
        }
        return ps;
    }

    private static int drain(ResultSet rs) throws SQLException {
        int n = 0;
        try (rs) {
            while (rs.next()) {
                n++;
            }
        }
        return n;
    }

    private long startStep() {
        return steps ? System.currentTimeMillis() : 0;
    }

    private void endStep(String name, long start, boolean ok) {
        if (steps) {
            ctx.subResult(part(name), start, ok);
        }
    }

    private static String part(String name) {
        return name.substring(name.indexOf('.') + 1);
    }

    /** The rows of a query; closing them records the statement's sub-result. */
    public final class Rows implements AutoCloseable {
        private final ResultSet rs;
        private final String name;
        private final long start;
        private long count;
        private boolean failed;

        private Rows(ResultSet rs, String name, long start) {
            this.rs = rs;
            this.name = name;
            this.start = start;
        }

        public boolean next() throws SQLException {
            try {
                boolean more = rs.next();
                if (more) {
                    count++;
                }
                return more;
            } catch (SQLException e) {
                failed = true;
                throw e;
            }
        }

        public ResultSet row() { return rs; }

        @Override
        public void close() throws SQLException {
            try {
                rs.close();
            } finally {
                ctx.addRows(count);
                endStep(name, start, !failed);
            }
        }
    }
}
