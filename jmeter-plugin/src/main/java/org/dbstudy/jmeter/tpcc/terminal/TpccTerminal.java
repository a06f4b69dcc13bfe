package org.dbstudy.jmeter.tpcc.terminal;

import java.sql.SQLException;
import java.util.List;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.procedure.IntendedRollbackException;
import org.dbstudy.jmeter.procedure.NamedSql;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.jmeter.procedure.TryContext;
import org.dbstudy.jmeter.tpcc.load.NurandConstants;
import org.dbstudy.jmeter.tpcc.load.StudyClock;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;

/**
 * One TPC-C terminal (a JMeter thread): draws a transaction per sample by the mix's weights (random
 * with replacement, as BenchBase does), labels the sample with its name, and runs it. A retry runs the
 * same transaction with new inputs (OLTPBench's semantics).
 */
public final class TpccTerminal implements Procedure {
    public static final List<String> NAMES = List.of(NewOrder.NAME, Payment.NAME, OrderStatus.NAME, Delivery.NAME, StockLevel.NAME);
    public static final List<String> ARGUMENTS = List.of("warehouses", "terminal", "terminals", "mix", "seed", "clock",
            "cLastLoad", "cLastRun", "cId", "olIId", "keyingThink", "roundTrips");
    /** A round trip per statement (BenchBase's and S1's OLTPBench's), or statements that need no answer in between sent together. */
    private static final String PER_STATEMENT = "STATEMENT";
    private static final String PIPELINED = "PIPELINED";
    static final String DEFAULT_MIX = "45,43,4,4,4";

    private final NamedSql sql;
    private final Inputs inputs;
    private final int[] cumulative = new int[5];
    private final boolean keyingThink;
    private final boolean pipelined;
    private int chosen;
    /** The transaction of the previous sample, whose think time comes before the next one; -1 at first. */
    private int previous = -1;

    /** @param fixedMix the weights of a single-transaction procedure, or null to read the {@code mix} argument */
    public TpccTerminal(Arguments a, NamedSql sql, int threadNumber, int[] fixedMix) throws InvalidSettingException {
        this.sql = sql;
        int warehouses = (int) a.required("warehouses", 1, 10_000);
        int terminals = (int) a.number("terminals", threadGroupSize(warehouses), 1, 100_000);
        int terminal = (int) a.number("terminal", threadNumber, 1, 100_000);
        long seed = a.number("seed", System.nanoTime(), Long.MIN_VALUE, Long.MAX_VALUE);
        inputs = new Inputs(new TpccRandom(seed * 1_000_003L + terminal), Terminal.bind(terminal, terminals, warehouses),
                StudyClock.from(a), NurandConstants.from(a));
        keyingThink = a.flag("keyingThink", false);
        pipelined = a.choice("roundTrips", PER_STATEMENT, PER_STATEMENT, PIPELINED).equals(PIPELINED);
        int[] weights = fixedMix != null ? fixedMix : mix(a.text("mix", DEFAULT_MIX));
        int sum = 0;
        for (int i = 0; i < 5; i++) {
            sum += weights[i];
            cumulative[i] = sum;
        }
    }

    /** Parses {@code 45,43,4,4,4}: five whole weights in the order of {@link #NAMES}, summing to 100. */
    public static int[] mix(String text) throws InvalidSettingException {
        String[] parts = text.split(",");
        if (parts.length != 5) {
            throw Arguments.problem("mix", "'" + text + "' has " + parts.length + " weights; give five (" + String.join(", ", NAMES)
                    + ") summing to 100, e.g. " + DEFAULT_MIX);
        }
        int[] out = new int[5];
        int sum = 0;
        for (int i = 0; i < 5; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].strip());
            } catch (NumberFormatException e) {
                throw Arguments.problem("mix", "'" + parts[i].strip() + "' is not a whole number");
            }
            if (out[i] < 0) {
                throw Arguments.problem("mix", "weights cannot be negative");
            }
            sum += out[i];
        }
        if (sum != 100) {
            throw Arguments.problem("mix", "'" + text + "' sums to " + sum + "; the weights must sum to 100");
        }
        return out;
    }

    /** Outside a thread group (a unit test), one terminal per warehouse. */
    private static int threadGroupSize(int warehouses) {
        AbstractThreadGroup group = JMeterContextService.getContext().getThreadGroup();
        return group == null ? warehouses : Math.max(1, group.getNumThreads());
    }

    @Override
    public void startSample() {
        int draw = inputs.random().uniform(1, 100);
        chosen = 0;
        while (cumulative[chosen] < draw) {
            chosen++;
        }
    }

    /** With {@code keyingThink=true}: the previous transaction's think time and this one's keying time ({@link KeyingThink}). */
    @Override
    public long pauseMillis() {
        if (!keyingThink) {
            return 0;
        }
        long pause = KeyingThink.pauseMillis(previous, chosen, inputs.random().unitInterval());
        previous = chosen;
        return pause;
    }

    @Override
    public void run(TryContext ctx) throws SQLException, IntendedRollbackException, ProcedureFailedException {
        String name = NAMES.get(chosen);
        ctx.label(name);
        if (pipelined && !ctx.dialect().pipelines()) {
            // Per statement instead would measure another workload than the plan asks for: stop the cell.
            throw new ProcedureFailedException("roundTrips=pipelined needs PostgreSQL (pgjdbc sends a pipeline in one round trip); "
                    + ctx.dialect().kind().displayName() + " runs TPC-C with roundTrips=statement", true);
        }
        var st = sql.in(ctx).pipelined(pipelined);
        switch (chosen) {
            case 0 -> NewOrder.run(st, inputs);
            case 1 -> Payment.run(st, inputs);
            case 2 -> OrderStatus.run(st, inputs);
            case 3 -> {
                int skipped = Delivery.run(st, inputs);
                if (skipped > 0) {
                    ctx.note("skipped_districts=" + skipped);
                }
            }
            default -> StockLevel.run(st, inputs);
        }
    }

    Terminal terminal() { return inputs.terminal(); }
}
