package org.dbstudy.jmeter.tpcc.load;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.jmeter.procedure.TryContext;
import org.dbstudy.vocabulary.ResponseMessages.DataStart;

/**
 * TPCC_LOAD: creates the tables, streams the initial population through the database's bulk path on
 * several connections at once, then adds keys, indexes and foreign keys and analyzes. What happens to
 * tables already there is the {@code existing} policy's choice; tables of another tool are never
 * dropped unless {@code dropForeign=true}.
 */
public final class TpccLoader implements Procedure {
    static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    /** What to do with a schema that is already there. */
    enum Existing {
        /** Drop our tables and load again: each cell starts from the initial population. */
        RELOAD,
        /** Keep our tables when they hold the same number of warehouses (and CH tables if asked), else reload. */
        REUSE,
        /** Keep our tables whatever their size; load only when there are none. */
        KEEP,
        /**
         * Put the state right after the load back ({@link TpccRestore}) when the tables hold the same number of
         * warehouses and that state was saved, else reload and save it: each cell starts from the loaded data.
         */
        RESTORE
    }

    private final int warehouses;
    private final int threads;
    private final Existing existing;
    private final boolean dropForeign;
    private final boolean ch;
    private final boolean foreignKeys;
    private final long seed;
    private final StudyClock clock;
    private final NurandConstants constants;

    public TpccLoader(Arguments a) throws InvalidSettingException {
        warehouses = (int) a.required("warehouses", 1, 10_000);
        threads = (int) a.number("threads", Math.max(2, Runtime.getRuntime().availableProcessors()), 1, 64);
        existing = Existing.valueOf(a.choice("existing", "RELOAD", "RELOAD", "REUSE", "KEEP", "RESTORE"));
        dropForeign = a.flag("dropForeign", false);
        ch = a.flag("ch", false);
        foreignKeys = a.flag("foreignKeys", true);
        seed = a.number("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        clock = StudyClock.from(a);
        constants = NurandConstants.from(a);
    }

    /**
     * The TPC-C tables in the order their loads start: the largest first, so that the connections
     * finish together.
     */
    private static final List<TpccSchema.Table> LOAD_ORDER = List.of(TpccSchema.ORDER_LINE, TpccSchema.STOCK,
            TpccSchema.CUSTOMER, TpccSchema.HISTORY, TpccSchema.OORDER, TpccSchema.ITEM, TpccSchema.NEW_ORDER,
            TpccSchema.DISTRICT, TpccSchema.WAREHOUSE);

    public static final List<String> ARGUMENTS = List.of("warehouses", "threads", "existing", "dropForeign", "ch",
            "foreignKeys", "seed", "clock", "cLastLoad", "cLastRun", "cId", "olIId");

    /** Every table a load drops when it finds it (TPC-C's, CH-benCHmark's, the load's record and saved state). */
    public static Set<String> droppable() {
        Set<String> known = new LinkedHashSet<>();
        TpccSchema.TPCC.forEach(t -> known.add(t.name()));
        TpccSchema.CH.forEach(t -> known.add(t.name()));
        known.add(TpccSchema.META);
        known.addAll(TpccRestore.TABLES);
        return known;
    }

    @Override
    public void run(TryContext ctx) throws SQLException, ProcedureFailedException {
        Connection c = ctx.connection();
        if (!c.getAutoCommit()) {
            throw new ProcedureFailedException("TPCC_LOAD runs DDL and loads on several connections: set the"
                    + " sampler's transactionMode to AUTOCOMMIT", true);
        }
        TpccDialect dialect = TpccDialect.of(ctx.dialect());
        List<TpccSchema.Table> tables = new ArrayList<>(TpccSchema.TPCC);
        if (ch) {
            tables.addAll(TpccSchema.CH);
        }
        List<String> found = dialect.existing(c, droppable());
        if (existing == Existing.RESTORE && restore(ctx, c, dialect, found)) {
            return;
        }
        String reason = decide(c, found);
        if (reason != null) {
            ctx.note(reason);
            ctx.responseData(reason + "\n");
            progress(reason);
            return;
        }
        long t0 = System.nanoTime();
        if (!found.isEmpty()) {
            progress("dropping " + String.join(", ", found));
            TpccDialect.execute(c, dialect.drop(found));
        }
        List<String> ddl = new ArrayList<>();
        tables.forEach(t -> ddl.add(dialect.createTable(t)));
        ddl.add("CREATE TABLE " + TpccSchema.META + " (warehouses int NOT NULL, ch int NOT NULL,"
                + " complete int NOT NULL, loaded_at varchar(40) NOT NULL)");
        ddl.add("INSERT INTO " + TpccSchema.META + " VALUES (" + warehouses + ", " + (ch ? 1 : 0) + ", 0, '"
                + java.time.Instant.now() + "')");
        TpccDialect.execute(c, ddl);

        AtomicLong rows = new AtomicLong();
        AtomicLong lastLoaded = new AtomicLong(t0);
        TpccDialect.BulkPath bulk = dialect.bulkPath(c, TpccSchema.META);
        progress("loading " + tables.size() + " tables on " + threads + " connections by " + bulk.name());
        String dataTime = clock.now().format(TIMESTAMP);
        TpccData data = new TpccData(seed, constants, dataTime);
        // Tasks start in list order as soon as they can: a foreign key comes right after the later of its two
        // tables, so that it is checked while other tables still load; two keys that lock the same table do not
        // run at once.
        List<ParallelWork.Task> load = new ArrayList<>();
        Set<TpccSchema.Table> queued = new HashSet<>();
        List<TpccSchema.ForeignKey> keys = new ArrayList<>(foreignKeys ? TpccSchema.FOREIGN_KEYS : List.of());
        for (TpccSchema.Table t : LOAD_ORDER) {
            load.add(tableTask(List.of(t), dialect, bulk, t0, rows, lastLoaded, out -> {
                out.begin(t);
                for (int w = 1; w <= (t == TpccSchema.ITEM ? 1 : warehouses); w++) {
                    data.rows(t, w, out);
                }
                out.end();
                return out.rows();
            }));
            queued.add(t);
            for (Iterator<TpccSchema.ForeignKey> it = keys.iterator(); it.hasNext(); ) {
                TpccSchema.ForeignKey fk = it.next();
                if (queued.contains(fk.table()) && queued.contains(fk.references())) {
                    it.remove();
                    load.add(foreignKeyTask(fk, dialect));
                }
            }
        }
        if (ch) {
            load.add(tableTask(TpccSchema.CH, dialect, bulk, t0, rows, lastLoaded,
                    out -> ChData.load(out, new TpccRandom(seed * 31 + 2))));
        }
        ParallelWork.run(ctx, threads, load, done -> progress(done + " done (" + rows.get() + " rows, " + seconds(t0)
                + " s)"));
        if (existing == Existing.RESTORE) {
            progress("saving what a restore needs");
            TpccDialect.execute(c, TpccRestore.saveSql(warehouses, dataTime));
        }
        TpccDialect.execute(c, List.of("UPDATE " + TpccSchema.META + " SET complete = 1"));
        long end = System.nanoTime();

        double dataSeconds = (lastLoaded.get() - t0) / 1e9;
        String summary = String.format(Locale.ROOT,
                DataStart.LOADED.marker() + " warehouses=%d rows=%d seconds=%.1f data_s=%.1f keys_s=%.1f rows_per_s=%.0f path=%s",
                warehouses, rows.get(), (end - t0) / 1e9, dataSeconds, (end - t0) / 1e9 - dataSeconds,
                rows.get() / dataSeconds, bulk.key());
        progress(summary);
        ctx.addRows(rows.get());
        ctx.note(summary);
        ctx.responseData(summary + "\n");
    }

    /** Restores a complete load of the same size whose state was saved; false when there is none (then load). */
    private boolean restore(TryContext ctx, Connection c, TpccDialect dialect, List<String> found)
            throws SQLException {
        Meta meta = found.contains(TpccSchema.META) ? Meta.read(c) : null;
        if (meta == null || !meta.complete || meta.warehouses != warehouses || (ch && !meta.ch)) {
            return false;
        }
        String dataTime = TpccRestore.savedDataTime(c, found, warehouses);
        if (dataTime == null) {
            return false;
        }
        long t0 = System.nanoTime();
        progress("restoring the loaded state of " + warehouses + " warehouses");
        TpccRestore.restore(c, dialect, dialect.bulkPath(c, TpccSchema.META), new TpccData(seed, constants, dataTime),
                warehouses);
        String summary = String.format(Locale.ROOT, "%s warehouses=%d seconds=%.1f (existing=RESTORE)",
                DataStart.RESTORED.marker(), warehouses, (System.nanoTime() - t0) / 1e9);
        progress(summary);
        ctx.note(summary);
        ctx.responseData(summary + "\n");
        return true;
    }

    /** Null to load; otherwise the note that says why the tables already there are kept ({@link DataStart}). */
    private String decide(Connection c, List<String> found) throws SQLException, ProcedureFailedException {
        if (found.isEmpty()) {
            return null;
        }
        Meta meta = found.contains(TpccSchema.META) ? Meta.read(c) : null;
        if (meta == null) {
            if (!dropForeign) {
                throw new ProcedureFailedException("tables " + String.join(", ", found) + " exist and were not loaded"
                        + " by dbstudy (no " + TpccSchema.META + " table); drop them yourself, use another database,"
                        + " or set dropForeign=true (the study's reset policy drop_foreign: true)", true);
            }
            return null;
        }
        if (meta.complete && (meta.ch || !ch)) {
            if (existing == Existing.KEEP) {
                return DataStart.KEPT.marker() + " " + meta.warehouses + " warehouses already loaded (existing=KEEP))";
            }
            if (existing == Existing.REUSE && meta.warehouses == warehouses) {
                return DataStart.REUSED.marker() + " " + meta.warehouses + " warehouses already loaded (existing=REUSE))";
            }
        }
        return null;
    }

    /** Fills one or more tables through the writer and returns their rows. */
    @FunctionalInterface
    private interface Fill {
        long into(RowWriter out) throws SQLException;
    }

    /**
     * Loads tables on one connection, each in a single stream, then adds their keys and indexes and
     * analyzes them while other connections still load: a table is ready as soon as it is loaded.
     */
    private ParallelWork.Task tableTask(List<TpccSchema.Table> group, TpccDialect dialect, TpccDialect.BulkPath bulk,
            long t0, AtomicLong rows, AtomicLong lastLoaded, Fill fill) {
        String name = String.join("+", group.stream().map(TpccSchema.Table::name).toList());
        return new ParallelWork.Task(name, connection -> {
            long n;
            try (RowWriter out = bulk.writers().open(connection)) {
                n = fill.into(out);
            }
            rows.addAndGet(n);
            lastLoaded.accumulateAndGet(System.nanoTime(), Math::max);
            progress(name + " loaded: " + n + " rows at " + seconds(t0) + " s");
            List<String> after = new ArrayList<>();
            for (TpccSchema.Table t : group) {
                after.addAll(dialect.keys(t));
            }
            after.add(dialect.analyze(group));
            TpccDialect.execute(connection, after);
        });
    }

    private static ParallelWork.Task foreignKeyTask(TpccSchema.ForeignKey fk, TpccDialect dialect) {
        List<String> steps = new ArrayList<>(dialect.beforeForeignKeys());
        steps.add(fk.sql());
        steps.addAll(dialect.afterForeignKeys());
        Set<String> tablesOfKey = Set.of(fk.table().name(), fk.references().name());
        return new ParallelWork.Task(fk.name(), tablesOfKey, tablesOfKey, connection -> TpccDialect.execute(connection, steps));
    }

    private static String seconds(long t0) {
        return String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 1e9);
    }

    /** Progress goes to the JMeter console (captured in the cell's log by the runner). */
    private void progress(String what) {
        System.out.println("[dbstudy TPCC_LOAD W=" + warehouses + "] " + what);
        System.out.flush();
    }

    /** The {@link TpccSchema#META} row. */
    private record Meta(int warehouses, boolean ch, boolean complete) {
        static Meta read(Connection c) throws SQLException {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT warehouses, ch, complete FROM " + TpccSchema.META)) {
                return rs.next() ? new Meta(rs.getInt(1), rs.getInt(2) == 1, rs.getInt(3) == 1) : null;
            }
        }
    }
}
