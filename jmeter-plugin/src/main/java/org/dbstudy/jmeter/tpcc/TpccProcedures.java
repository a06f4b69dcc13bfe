package org.dbstudy.jmeter.tpcc;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.jmeter.procedure.ProcedureDefinition;
import org.dbstudy.jmeter.procedure.ProcedureProvider;
import org.dbstudy.jmeter.tpcc.load.TpccLoader;
import org.dbstudy.jmeter.tpcc.terminal.Terminal;
import org.dbstudy.jmeter.tpcc.terminal.TpccSql;
import org.dbstudy.jmeter.tpcc.terminal.TpccTerminal;

/**
 * The TPC-C procedures the sampler offers, with their arguments and default SQL (registered in the
 * plugin's {@code META-INF/services}); and the rules of their arguments the generator checks a study by.
 */
public final class TpccProcedures implements ProcedureProvider {

    @Override
    public List<ProcedureDefinition> procedures() {
        Map<String, String> allSql = new LinkedHashMap<>();
        allSql.putAll(TpccSql.NEW_ORDER);
        allSql.putAll(TpccSql.PAYMENT);
        allSql.putAll(TpccSql.ORDER_STATUS);
        allSql.putAll(TpccSql.DELIVERY);
        allSql.putAll(TpccSql.STOCK_LEVEL);
        return List.of(
                new ProcedureDefinition("TPCC_LOAD", "creates and loads the TPC-C tables (and CH-benCHmark's with ch=true)",
                        TpccLoader.ARGUMENTS, dialect -> Map.of(), (a, sql, thread) -> new TpccLoader(a)),
                new ProcedureDefinition("TPCC_MIX", "one TPC-C transaction per sample, drawn by the mix's weights",
                        TpccTerminal.ARGUMENTS, dialect -> allSql, (a, sql, thread) -> new TpccTerminal(a, sql, thread, null)),
                single("TPCC_NEW_ORDER", TpccSql.NEW_ORDER, 0),
                single("TPCC_PAYMENT", TpccSql.PAYMENT, 1),
                single("TPCC_ORDER_STATUS", TpccSql.ORDER_STATUS, 2),
                single("TPCC_DELIVERY", TpccSql.DELIVERY, 3),
                single("TPCC_STOCK_LEVEL", TpccSql.STOCK_LEVEL, 4),
                new ProcedureDefinition("TPCC_CHECK", "counts violations of the TPC-C consistency conditions",
                        List.of(), dialect -> TpccCheck.SQL, (a, sql, thread) -> new TpccCheck(sql)));
    }

    /** Null when a mix such as {@code 45,43,4,4,4} is valid, else what is wrong with it (for the generator). */
    public static String mixProblem(String mix) {
        try {
            TpccTerminal.mix(mix);
            return null;
        } catch (org.dbstudy.jmeter.procedure.InvalidSettingException e) {
            return e.getMessage().substring(e.getMessage().indexOf("argument 'mix': ") + "argument 'mix': ".length());
        }
    }

    /** The most terminals (JMeter threads) that can bind to this many warehouses: one district each. */
    public static long maxTerminals(long warehouses) {
        return Terminal.maxTerminals(warehouses);
    }

    private static ProcedureDefinition single(String name, Map<String, String> sql, int index) {
        int[] mix = new int[5];
        mix[index] = 100;
        List<String> arguments = TpccTerminal.ARGUMENTS.stream().filter(a -> !a.equals("mix")).toList();
        return new ProcedureDefinition(name, "the TPC-C " + TpccTerminal.NAMES.get(index) + " transaction",
                arguments, dialect -> sql, (a, s, thread) -> new TpccTerminal(a, s, thread, mix));
    }
}
