package org.dbstudy.generator.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.RetryOn;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.jmeter.chbench.ChProcedures;
import org.dbstudy.jmeter.procedure.Procedures;
import org.dbstudy.jmeter.tpcc.TpccProcedures;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.SampleLabels;

/**
 * TPC-C-like ({@code tpcc}) and TPC-C plus CH-benCHmark ({@code chbench}): a setUp that loads the
 * warehouses (TPCC_LOAD), the users as TPC-C terminals (TPCC_MIX, one transaction per sample, labelled
 * with its name), for chbench a second thread group of analytical users (CH_QUERY, one label per
 * query), and a tearDown that checks consistency (TPCC_CHECK) and, for chbench, captures the chosen
 * queries' plans (CH_EXPLAIN). The procedures' SQL is written into the plans, where it can be edited.
 */
final class TpccWorkload implements Workload {
    private static final Pattern MIX = Pattern.compile("[0-9]{1,3}(, ?[0-9]{1,3}){0,9}");
    private static final Pattern CLOCK = Pattern.compile("now|[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2})?");
    private static final Pattern QUERIES = Pattern.compile("Q[0-9]{1,2}(, ?Q[0-9]{1,2}){0,21}");
    private static final String S1_QUERIES = "Q1,Q5,Q6,Q10,Q17";

    private final boolean ch;

    TpccWorkload(boolean ch) {
        this.ch = ch;
    }

    @Override
    public String name() {
        return ch ? "chbench" : "tpcc";
    }

    @Override
    public String description() {
        return ch ? "TPC-C-like terminals plus CH-benCHmark analytical users, consistency checked and plans captured after each cell"
                : "TPC-C-like terminals (New-Order, Payment, Order-Status, Delivery, Stock-Level), consistency checked after each cell";
    }

    @Override
    public List<Parameter> parameters() {
        List<Parameter> p = new ArrayList<>(List.of(
                new Parameter("warehouses", "1", LevelRule.wholeNumber(1, 1000),
                        "warehouses loaded (about 100 MB and 500,000 rows each); clients bind to them, at most 10 per warehouse"),
                new Parameter("mix", "45,43,4,4,4", LevelRule.checked("five whole weights summing to 100 (New-Order,"
                        + " Payment, Order-Status, Delivery, Stock-Level), e.g. 45,43,4,4,4", MIX, TpccProcedures::mixProblem),
                        "transaction weights, drawn per sample with replacement"),
                new Parameter("retry", "oltpbench2015", LevelRule.oneOf(List.of("oltpbench2015", "benchbase", "none")),
                        "oltpbench2015: up to 1000 tries, no backoff, new inputs per try (S1's OLTPBench); benchbase: 3 tries;"
                                + " none: 1 try. All retry serialization failures, deadlocks and lock wait timeouts"),
                new Parameter("reset", "per-cell", LevelRule.oneOf(List.of("per-cell", "per-level", "never")),
                        "per-cell reloads before every cell; per-level loads once per warehouse count and puts the loaded state back before"
                                + " each later cell with that count;"
                                + " never loads once and keeps it"),
                new Parameter("drop_foreign", "false", LevelRule.oneOf(List.of("false", "true")),
                        "true lets the load drop TPC-C tables that another tool created (refused otherwise)"),
                new Parameter("foreign_keys", "true", LevelRule.oneOf(List.of("true", "false")),
                        "foreign keys as BenchBase declares them, added after the load"),
                new Parameter("clock", "2015-06-01", LevelRule.text("a date (2015-06-01), a date-time (2015-06-01T00:00:00) or now",
                        CLOCK), "origin of every generated timestamp, advancing with the run"),
                new Parameter("seed", "1", LevelRule.wholeNumber(-999_999_999_999L, 999_999_999_999L),
                        "seed of the loader's and the terminals' random sources (replicate N draws its transactions with seed + N - 1)"),
                new Parameter("load_threads", "2", LevelRule.wholeNumber(1, 64), "connections loading in parallel"),
                Parameter.SUB_RESULTS,
                new Parameter("keying_think", "off", LevelRule.oneOf(List.of("off", "on")),
                        "on: each terminal waits TPC-C's keying time before and think time after each transaction,"
                                + " outside the sample (about one transaction per 20-30 s per terminal)"),
                new Parameter("round_trips", "statement", LevelRule.oneOf(List.of("statement", "pipelined")),
                        "statement: a round trip per statement, as BenchBase and S1's OLTPBench; pipelined (PostgreSQL):"
                                + " statements that need no answer in between go together, about 5 round trips a transaction instead of 20")));
        if (ch) {
            p.add(new Parameter("queries", S1_QUERIES, LevelRule.checked("CH-benCHmark query names Q1..Q22, comma-separated",
                    QUERIES, TpccWorkload::queriesProblem), "the analytical users' queries, drawn uniformly per sample"));
            p.add(new Parameter("analytic_clients", "0", LevelRule.wholeNumber(0, 1000),
                    "analytical users; 0 means as many as clients (OLTPBench gave each benchmark its terminals)"));
            p.add(new Parameter("explain", "true", LevelRule.oneOf(List.of("true", "false")),
                    "capture each chosen query's plan with actual times after the cell"));
        }
        return p;
    }

    static String queriesProblem(String text) {
        for (String q : text.split(",")) {
            if (!ChProcedures.queryNames().contains(q.strip())) {
                return "'" + q.strip() + "' is not a CH-benCHmark query";
            }
        }
        return null;
    }

    @Override
    public Map<String, List<String>> choices() {
        return Map.of();
    }

    /** Whether the kind's driver sends several statements in one round trip (pgjdbc's batched simple queries). */
    private static boolean pipelines(DatabaseKind kind) {
        return switch (kind) {
            case POSTGRESQL -> true;
            case MYSQL, MARIADB -> false;
        };
    }

    /** Pipelined round trips need pgjdbc: the MySQL and MariaDB drivers send one statement per round trip here. */
    @Override
    public CellProblem targetProblem(String parameter, String value, DatabaseKind kind) {
        if (parameter.equals("round_trips") && value.equals("pipelined") && !pipelines(kind)) {
            return new CellProblem("round_trips", "pipelined round trips need PostgreSQL (pgjdbc), and a target is "
                    + kind.displayName(), "statement, or PostgreSQL targets only");
        }
        return null;
    }

    @Override
    public CellProblem cellProblem(CellValues cell) {
        long warehouses = Long.parseLong(cell.parameter("warehouses"));
        long clients = Long.parseLong(cell.factor("users", "1"));
        if (clients > TpccProcedures.maxTerminals(warehouses)) {
            return new CellProblem("clients", clients + " clients cannot bind to " + warehouses
                    + " warehouses (each terminal needs a district of its own)",
                    "at most " + TpccProcedures.maxTerminals(warehouses) + " clients (10 per warehouse), or more warehouses");
        }
        return null;
    }

    @Override
    public SetUpTables setUpTables(CellValues cell) {
        // reset per-cell reloads every cell; per-level and never drop them only when the loaded data differ.
        return new SetUpTables("per-cell".equals(cell.parameter("reset")) ? "drops and re-creates" : "may drop and re-create",
                List.copyOf(org.dbstudy.jmeter.tpcc.load.TpccLoader.droppable()));
    }

    @Override
    public SamplerSpec setUp(CellValues cell) {
        String existing = switch (cell.parameter("reset")) {
            case "per-level" -> "RESTORE";
            case "never" -> "KEEP";
            default -> "RELOAD";
        };
        // The loader has no named SQL: the statements field stays empty (its initial SELECT 1 is no override).
        return new SamplerSpec(SampleLabels.setUp("tpcc-load")).set(SamplerField.PROCEDURE, "TPCC_LOAD")
                .set(SamplerField.STATEMENTS, "").set(SamplerField.TRANSACTION_MODE, "AUTOCOMMIT")
                .set(SamplerField.PROCEDURE_ARGUMENTS, lines("warehouses=" + cell.parameter("warehouses"), "existing=" + existing,
                        "dropForeign=" + cell.parameter("drop_foreign"), "ch=" + ch,
                        "foreignKeys=" + cell.parameter("foreign_keys"), "threads=" + cell.parameter("load_threads"),
                        "seed=" + cell.parameter("seed"), "clock=" + cell.parameter("clock")));
    }

    @Override
    public SamplerSpec sample(CellValues cell) {
        SamplerSpec s = new SamplerSpec("tpcc").set(SamplerField.PROCEDURE, "TPCC_MIX")
                .set(SamplerField.PROCEDURE_ARGUMENTS, lines("warehouses=" + cell.parameter("warehouses"), "terminal=${__threadNum}",
                        "terminals=" + cell.factor("users", "1"), "mix=" + cell.parameter("mix"),
                        "seed=" + runSeed(cell), "clock=" + cell.parameter("clock"))
                        // Written only when not the default, so plans without them stay as they were.
                        + ("on".equals(cell.parameter("keying_think")) ? "\nkeyingThink=true" : "")
                        + ("pipelined".equals(cell.parameter("round_trips")) ? "\nroundTrips=pipelined" : ""))
                .set(SamplerField.STATEMENTS, Procedures.statementsText("TPCC_MIX", dialect(cell)))
                .set(SamplerField.SUB_RESULTS, cell.parameter(Parameter.SUB_RESULTS.name()));
        return retry(s, cell);
    }

    /**
     * The seed of the terminals' and analytical users' inputs: {@code seed} for the first replicate,
     * {@code seed + N - 1} for replicate N, so that replicates draw different transactions (runs that
     * replay the same inputs would understate the variation between runs). The load keeps {@code seed}:
     * every replicate starts from the same data, which a per-level restore also relies on.
     */
    static long runSeed(CellValues cell) {
        return cell.number("seed") + cell.replicate() - 1;
    }

    @Override
    public List<GroupSpec> moreGroups(CellValues cell) {
        if (!ch) {
            return List.of();
        }
        int analytic = Integer.parseInt(cell.parameter("analytic_clients"));
        int threads = analytic > 0 ? analytic : Integer.parseInt(cell.factor("users", "1"));
        SamplerSpec s = new SamplerSpec("ch").set(SamplerField.PROCEDURE, "CH_QUERY")
                .set(SamplerField.PROCEDURE_ARGUMENTS, lines("queries=" + cell.parameter("queries"), "seed=" + runSeed(cell)))
                .set(SamplerField.STATEMENTS, chosenSql(cell));
        return List.of(new GroupSpec("analytic", threads, retry(s, cell)));
    }

    @Override
    public List<SamplerSpec> tearDown(CellValues cell) {
        List<SamplerSpec> out = new ArrayList<>();
        out.add(new SamplerSpec(SampleLabels.tearDown("tpcc-consistency")).set(SamplerField.PROCEDURE, "TPCC_CHECK")
                .set(SamplerField.STATEMENTS, Procedures.statementsText("TPCC_CHECK", dialect(cell))));
        if (ch && Boolean.parseBoolean(cell.parameter("explain"))) {
            out.add(new SamplerSpec(SampleLabels.tearDown("ch-plans")).set(SamplerField.PROCEDURE, "CH_EXPLAIN")
                    .set(SamplerField.PROCEDURE_ARGUMENTS, lines("queries=" + cell.parameter("queries"),
                            "file=${__P(dbstudy.plans.dir,explain)}/${__TestPlanName}.plans.txt"))
                    .set(SamplerField.STATEMENTS, chosenSql(cell)));
        }
        return out;
    }

    @Override
    public List<RandomVariable> randomVariables(CellValues cell) {
        return List.of();
    }

    private static SamplerSpec retry(SamplerSpec s, CellValues cell) {
        String tries = switch (cell.parameter("retry")) {
            case "oltpbench2015" -> "1000";
            case "benchbase" -> "3";
            default -> "1";
        };
        // Lock wait timeouts too: OLTPBench 2015 retried every error, BenchBase retries MySQL's 1205 (TPCC-NOTES 1.6);
        // on MariaDB at SERIALIZABLE they are how conflicts end, and left alone they were failed samples.
        return s.set(SamplerField.MAX_TRIES, tries).set(SamplerField.BACKOFF_MS, "0")
                .set(SamplerField.RETRY_ON, RetryOn.SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT.name());
    }

    /** The chosen queries' SQL only, as {@code name: SQL;} lines. */
    private static String chosenSql(CellValues cell) {
        Map<String, String> all = Procedures.byName("CH_QUERY").defaultSql(dialect(cell));
        StringBuilder out = new StringBuilder();
        for (String q : cell.parameter("queries").split(",")) {
            out.append(q.strip()).append(": ").append(all.get(q.strip())).append(";\n");
        }
        return out.toString();
    }

    private static DatabaseKind dialect(CellValues cell) {
        return cell.sql().kind();
    }

    private static String lines(String... lines) {
        return String.join("\n", lines);
    }
}
