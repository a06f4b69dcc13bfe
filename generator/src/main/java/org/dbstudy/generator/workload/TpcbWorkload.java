package org.dbstudy.generator.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.jmeter.RetryOn;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.jmeter.TransactionMode;

/** pgbench's TPC-B-like schema, data and transaction (S3, S4, and S1's isolation study). */
final class TpcbWorkload implements Workload {
    static final long ACCOUNTS_PER_BRANCH = 100_000;
    static final long TELLERS_PER_BRANCH = 10;
    /** pgbench's tables, children first (the order they are dropped in); pgbench's own are refused, not dropped. */
    private static final List<String> TABLES = List.of("pgbench_history", "pgbench_accounts", "pgbench_tellers",
            "pgbench_branches");

    @Override
    public String name() {
        return "tpcb";
    }

    @Override
    public String description() {
        return "pgbench's TPC-B-like transaction: update an account, read it, update a teller and a branch, insert history";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("scale", "1", LevelRule.wholeNumber(1, 1000),
                        "branches; each has 10 tellers and 100000 accounts"),
                new Parameter("retries", "1", LevelRule.wholeNumber(1, 1000),
                        "tries per transaction (maxTries) on serialization failures and deadlocks"),
                Parameter.SUB_RESULTS, Parameter.REUSE);
    }

    @Override
    public Map<String, List<String>> choices() {
        return Map.of();
    }

    @Override
    public SetUpTables setUpTables(CellValues cell) {
        return new SetUpTables("drops and re-creates", TABLES);
    }

    @Override
    public SamplerSpec setUp(CellValues cell) {
        long scale = cell.number("scale");
        String ts = cell.sql().timestampType();
        List<String> sql = new ArrayList<>();
        for (String t : TABLES) {
            sql.add("DROP TABLE IF EXISTS " + t);
        }
        sql.add("CREATE TABLE pgbench_branches (bid int PRIMARY KEY, bbalance int, filler char(88))");
        sql.add("CREATE TABLE pgbench_tellers (tid int PRIMARY KEY, bid int, tbalance int, filler char(84))");
        sql.add("CREATE TABLE pgbench_accounts (aid int PRIMARY KEY, bid int, abalance int, filler char(84))");
        sql.add("CREATE TABLE pgbench_history (tid int, bid int, aid int, delta int, mtime " + ts
                + ", filler char(22))");
        String owned = Parameter.ownedTables(cell, TABLES);
        if (!owned.isEmpty()) {
            TABLES.forEach(t -> sql.add(cell.sql().markCreated(t)));
        }
        sql.addAll(cell.sql().numbersSetup());
        sql.add("INSERT INTO pgbench_branches (bid, bbalance, filler) SELECT n, 0, '' FROM "
                + cell.sql().numbers(scale));
        sql.add("INSERT INTO pgbench_tellers (tid, bid, tbalance, filler) SELECT n, FLOOR((n - 1) / "
                + TELLERS_PER_BRANCH + ") + 1, 0, '' FROM " + cell.sql().numbers(scale * TELLERS_PER_BRANCH));
        sql.add("INSERT INTO pgbench_accounts (aid, bid, abalance, filler) SELECT n, FLOOR((n - 1) / "
                + ACCOUNTS_PER_BRANCH + ") + 1, 0, '' FROM " + cell.sql().numbers(scale * ACCOUNTS_PER_BRANCH));
        return new SamplerSpec(SampleLabels.setUp("pgbench")).set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT)
                .set(SamplerField.OWNED_TABLES, owned).statements(sql);
    }

    @Override
    public SamplerSpec sample(CellValues cell) {
        return new SamplerSpec("tpcb")
                .statements(List.of(
                        "UPDATE pgbench_accounts SET abalance = abalance + ? WHERE aid = ?",
                        "SELECT abalance FROM pgbench_accounts WHERE aid = ?",
                        "UPDATE pgbench_tellers SET tbalance = tbalance + ? WHERE tid = ?",
                        "UPDATE pgbench_branches SET bbalance = bbalance + ? WHERE bid = ?",
                        "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)"))
                // Drawn by the sampler per sample and bound as numbers (no Random Variables, no ${…} text).
                .randomValues(draws(cell))
                .parameters(List.of(":delta, :aid", ":aid", ":delta, :tid", ":delta, :bid", ":tid, :bid, :aid, :delta"))
                .set(SamplerField.TRANSACTION_MODE, TransactionMode.TRANSACTION)
                .set(SamplerField.MAX_TRIES, cell.parameter("retries"))
                .set(SamplerField.RETRY_ON, RetryOn.SERIALIZATION_AND_DEADLOCK)
                .set(SamplerField.SUB_RESULTS, cell.parameter(Parameter.SUB_RESULTS.name()));
    }

    @Override
    public List<RandomVariable> randomVariables(CellValues cell) {
        return List.of();
    }

    /** pgbench's draws: an account, a teller and a branch of the scale, and a delta. */
    private static List<RandomVariable> draws(CellValues cell) {
        long scale = cell.number("scale");
        return List.of(new RandomVariable("aid", 1, ACCOUNTS_PER_BRANCH * scale),
                new RandomVariable("tid", 1, TELLERS_PER_BRANCH * scale),
                new RandomVariable("bid", 1, scale),
                new RandomVariable("delta", -5000, 5000));
    }
}
