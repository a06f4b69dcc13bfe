package org.dbstudy.jmeter.chbench;

import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.procedure.NamedSql;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.Statements;
import org.dbstudy.jmeter.procedure.TryContext;

/**
 * CH_QUERY: one analytical user. Each sample runs one of the chosen queries, drawn uniformly (or by
 * {@code weights}), reads all its rows and is labelled with the query's name.
 */
final class ChQuery implements Procedure {
    static final List<String> ARGUMENTS = List.of("queries", "weights", "seed");

    private final NamedSql sql;
    private final List<String> queries;
    private final int[] cumulative;
    private final SplittableRandom random;
    private String chosen;

    ChQuery(Arguments a, NamedSql sql, int threadNumber) throws InvalidSettingException {
        this.sql = sql;
        queries = queries(a);
        String weightText = a.text("weights", "");
        cumulative = new int[queries.size()];
        int sum = 0;
        String[] weights = weightText.isEmpty() ? null : weightText.split(",");
        if (weights != null && weights.length != queries.size()) {
            throw Arguments.problem("weights", weights.length + " weights for " + queries.size() + " queries");
        }
        for (int i = 0; i < queries.size(); i++) {
            int w;
            try {
                w = weights == null ? 1 : Integer.parseInt(weights[i].strip());
            } catch (NumberFormatException e) {
                throw Arguments.problem("weights", "'" + weights[i].strip() + "' is not a whole number");
            }
            if (w < 0) {
                throw Arguments.problem("weights", "weights cannot be negative");
            }
            sum += w;
            cumulative[i] = sum;
        }
        if (sum == 0) {
            throw Arguments.problem("weights", "all weights are 0");
        }
        random = new SplittableRandom(a.number("seed", System.nanoTime(), Long.MIN_VALUE, Long.MAX_VALUE) * 7919L
                + threadNumber);
    }

    /** The {@code queries} argument: names among Q1..Q22 (default all), in the order given. */
    static List<String> queries(Arguments a) throws InvalidSettingException {
        String text = a.text("queries", String.join(",", ChQueries.SQL.keySet()));
        List<String> out = new java.util.ArrayList<>();
        for (String q : text.split(",")) {
            String name = q.strip().toUpperCase(java.util.Locale.ROOT);
            if (!ChQueries.SQL.containsKey(name)) {
                throw Arguments.problem("queries", "'" + q.strip() + "' is not a CH-benCHmark query; valid: Q1 to Q22");
            }
            out.add(name);
        }
        return out;
    }

    @Override
    public void startSample() {
        int draw = random.nextInt(cumulative[cumulative.length - 1]) + 1;
        int i = 0;
        while (cumulative[i] < draw) {
            i++;
        }
        chosen = queries.get(i);
    }

    @Override
    public void run(TryContext ctx) throws SQLException {
        ctx.label(chosen);
        Statements st = sql.in(ctx);
        try (Statements.Rows rows = st.query(chosen)) {
            while (rows.next()) {
                // read every row, as a reporting client would
            }
        }
    }
}
