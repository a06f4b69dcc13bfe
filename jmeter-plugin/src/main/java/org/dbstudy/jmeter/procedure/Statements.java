package org.dbstudy.jmeter.procedure;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
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
    /** Each {@link #pipeline} goes to the server in one round trip ({@link #pipelined(boolean)}). */
    private boolean pipelined;
    /** Statements batched in this try: a cached statement may still hold the batch of a try that failed (made on the first batch). */
    private java.util.Set<String> batched;

    Statements(TryContext ctx, NamedSql sql) {
        this.ctx = ctx;
        this.sql = sql;
        this.steps = ctx.stepsWanted();
        this.dialect = ctx.dialect();
    }

    public TryContext context() { return ctx; }

    /**
     * From now on, sends each {@link #pipeline} in one round trip instead of a round trip per statement.
     * The dialect must {@link Dialect#pipelines}; the procedure checks that before it asks.
     */
    public Statements pipelined(boolean on) {
        this.pipelined = on;
        return this;
    }

    /**
     * Statements that do not need each other's results, named in their order ({@link Pipeline#add}) and
     * their results taken in the same order. Pipelined, all of them go to the server in one round trip
     * when the first result is taken; otherwise each one runs when its result is taken, as
     * {@link #query} and {@link #update} run it. Either way the server runs the same statements in the
     * same order in the same transaction; pipelined, it does not wait for the client between them.
     *
     * @param step the sub-result's name when pipelined ({@code NewOrder.lines}: {@code NewOrder-lines});
     *             otherwise each statement is a sub-result of its own, as always
     */
    public Pipeline pipeline(String step) {
        return new Pipeline(step);
    }

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
        bind(ps, 1, args);
        return ps;
    }

    /** Binds the arguments in order from marker {@code first}; the next marker's number. */
    private int bind(PreparedStatement ps, int first, Object[] args) throws SQLException {
        int index = first;
        for (Object value : args) {
            ps.setObject(index++, value instanceof BigDecimal d ? dialect.decimal(d) : value);
        }
        return index;
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

    /** Statements sent together; see {@link Statements#pipeline}. */
    public final class Pipeline {
        private final String step;
        private final List<String> names = new ArrayList<>(32);
        private final List<Object[]> args = new ArrayList<>(32);
        /** Pipelined: the statement that was sent, positioned on the result last taken. */
        private PreparedStatement sent;
        private int taken;

        private Pipeline(String step) {
            this.step = step;
        }

        /** Adds a statement; before the first result is taken. */
        public Pipeline add(String name, Object... values) {
            if (taken > 0) {
                throw new IllegalStateException("a statement added to a pipeline after its first result was taken");
            }
            names.add(name);
            args.add(values);
            return this;
        }

        /** The next statement's rows (a query); closing them ends its timing when it was sent alone. */
        public Rows rows() throws SQLException {
            int i = taken++;
            if (!pipelined) {
                return query(names.get(i), args.get(i));
            }
            ResultSet rs = result(i).getResultSet();
            if (rs == null) {
                throw new SQLException(names.get(i) + " returned no rows to read: a pipeline's query must be a SELECT");
            }
            return new Rows(rs, null, 0);
        }

        /** The next statement's count of rows changed (an INSERT, UPDATE or DELETE). */
        public int updated() throws SQLException {
            int i = taken++;
            if (!pipelined) {
                return update(names.get(i), args.get(i));
            }
            PreparedStatement ps = result(i);
            ResultSet rs = ps.getResultSet();
            int n = rs != null ? drain(rs) : ps.getUpdateCount();
            ctx.addRows(Math.max(0, n));
            return n;
        }

        /** Pipelined: the statement positioned on result {@code i}, sending them all first if not yet sent. */
        private PreparedStatement result(int i) throws SQLException {
            if (i >= names.size()) {
                throw new IllegalStateException("pipeline " + step + " has " + names.size() + " statements");
            }
            if (sent == null) {
                send();
            } else if (!sent.getMoreResults() && sent.getUpdateCount() == -1) {
                throw new SQLException("pipeline " + step + ": the server answered fewer results than its "
                        + names.size() + " statements (does an overridden statement hold a ';'?)");
            }
            return sent;
        }

        private void send() throws SQLException {
            long start = startStep();
            boolean ok = false;
            try {
                PreparedStatement ps = ctx.prepare(sql.joined(names, dialect));
                int index = 1;
                for (Object[] values : args) {
                    index = bind(ps, index, values);
                }
                ps.execute();
                ctx.firstResult();
                sent = ps;
                ok = true;
            } finally {
                endStep(step, start, ok);
            }
        }
    }

    /** The rows of a query; closing them records the statement's sub-result. */
    public final class Rows implements AutoCloseable {
        private final ResultSet rs;
        /** Null for a pipeline's result: the pipeline is timed as a whole. */
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
                if (name != null) {
                    endStep(name, start, !failed);
                }
            }
        }
    }
}
