package org.dbstudy.generator.workload;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.LockMode;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.jmeter.TransactionMode;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.SampleLabels;

/**
 * A workload the study file writes itself ({@code workload: custom:}, docs/study-file.md "Custom
 * workloads"): the tables it creates, its setUp SQL and generated rows, named transactions (statements
 * binding random values {@code :name} or CSV columns, a weight in the mix, their own sampler options),
 * checks after each cell and tearDown SQL. Every text may use the workload's parameters as
 * {@code {name}}, so that a factor can vary any of them; a statement may have variants chosen by a
 * parameter and SQL per database kind. Parsed and checked by the study parser; rendered here per cell.
 */
public final class CustomWorkload implements Workload {
    public static final String NAME = "custom";
    /** The key of SQL that is the same on every database. */
    public static final String ANY = "any";
    /** A workload parameter in a text: {@code {accounts}}. */
    public static final Pattern PARAMETER_REF = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*)}");
    /** A bound value in a statement: {@code :name}, not a cast ({@code ::int}) nor a time ({@code 12:30}). */
    public static final Pattern BIND = Pattern.compile("(?<![:A-Za-z0-9_]):([A-Za-z_][A-Za-z0-9_]*)");
    private static final Pattern RANDOM = Pattern.compile("(uniform|nurand|zipfian)\\((.*)\\)");
    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,18}");
    /** The sampler check that compares a query's first value with what is expected (jmeter-plugin's {@code check}). */
    static final String CHECK_PROCEDURE = "SQL_CHECK";

    /** SQL per database kind id, or for every kind under {@link #ANY}; where it is written, for messages. */
    public record Sql(Map<String, String> byKind, int line, String field) {
        /** The text for a kind, or null when the statement has none for it. */
        public String on(DatabaseKind kind) {
            String own = byKind.get(kind.id());
            return own != null ? own : byKind.get(ANY);
        }
    }

    /** A statement: one {@link Sql}, or variants keyed by the value of parameter {@code choose}. */
    public record Statement(String choose, Map<String, Sql> variants) {
        public static Statement of(Sql sql) {
            return new Statement(null, Map.of("", sql));
        }

        Sql pick(CellValues cell) {
            return variants.get(choose == null ? "" : cell.parameter(choose));
        }
    }

    /** Rows generated into a declared table: {@code rows} (a number or {@code {parameter}}), column to SQL expression of {@code n}. */
    public record Load(String table, String rows, Map<String, String> columns) {
    }

    /** A query run after each cell, whose first value must equal {@code expect}. */
    public record Check(String name, Sql query, String expect) {
    }

    /** A named transaction: its weight, random values (name to expression), statements and sampler options. */
    public record Tx(String name, String weight, Map<String, String> random, List<Statement> statements,
                     Map<SamplerField, String> options) {
    }

    /**
     * The workload as the study file declares it; {@code yaml} is its text, written back into the
     * generated study.yaml (a resume reads it again).
     */
    public record Definition(String yaml, List<String> tables, List<Parameter> parameters, List<Sql> setUp,
                             List<Load> load, List<Tx> transactions, List<Sql> tearDown, List<Check> checks,
                             CsvData csv) {
    }

    private final Definition d;

    public CustomWorkload(Definition definition) {
        this.d = definition;
    }

    public Definition definition() {
        return d;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "the study file's own transactions: " + String.join(", ", d.transactions().stream().map(Tx::name).toList());
    }

    @Override
    public List<Parameter> parameters() {
        List<Parameter> out = new ArrayList<>(d.parameters());
        out.add(Parameter.SUB_RESULTS);
        out.add(Parameter.REUSE);
        return out;
    }

    @Override
    public Map<String, List<String>> choices() {
        return Map.of();
    }

    /** Every SQL text of the workload that has no variant for this kind. */
    public List<Sql> missingOn(DatabaseKind kind) {
        List<Sql> all = new ArrayList<>(d.setUp());
        d.transactions().forEach(t -> t.statements().forEach(s -> all.addAll(s.variants().values())));
        d.checks().forEach(c -> all.add(c.query()));
        all.addAll(d.tearDown());
        return all.stream().filter(s -> s.on(kind) == null).toList();
    }

    @Override
    public CellProblem cellProblem(CellValues cell) {
        for (Tx t : d.transactions()) {
            String field = "workload.custom.transactions." + t.name();
            String weight = resolve(t.weight(), cell);
            if (!WHOLE.matcher(weight).matches() || Long.parseLong(weight) < 0 || Long.parseLong(weight) > 1_000_000) {
                return new CellProblem(field + ".weight", "weight '" + weight + "' is not a whole number from 0 to 1000000",
                        "a whole number from 0 to 1000000");
            }
            for (Map.Entry<String, String> r : t.random().entrySet()) {
                try {
                    randomLine(r.getKey(), resolve(r.getValue(), cell));
                } catch (IllegalArgumentException e) {
                    return new CellProblem(field + ".random." + r.getKey(), e.getMessage(), RANDOM_VALID);
                }
            }
        }
        if (weights(cell).values().stream().mapToLong(Integer::longValue).sum() == 0) {
            return new CellProblem("workload.custom.transactions", "every weight is 0", "at least one weight above 0");
        }
        for (Load l : d.load()) {
            String rows = resolve(l.rows(), cell);
            if (!WHOLE.matcher(rows).matches() || Long.parseLong(rows) < 0) {
                return new CellProblem("workload.custom.load." + l.table() + ".rows", "'" + rows + "' is not a number of rows",
                        "a whole number >= 0");
            }
        }
        return null;
    }

    public static final String RANDOM_VALID = "uniform(min, max), nurand(A, min, max) or zipfian(min, max, s) with whole"
            + " numbers min <= max (s > 0), or a {parameter} in their place";

    @Override
    public SetUpTables setUpTables(CellValues cell) {
        // The declared tables are the ones the setUp drops first (below); its own setup SQL is the user's.
        return d.tables().isEmpty() ? null : new SetUpTables("drops and re-creates", List.copyOf(d.tables()));
    }

    @Override
    public SamplerSpec setUp(CellValues cell) {
        List<String> sql = new ArrayList<>();
        for (String t : d.tables()) {
            sql.add("DROP TABLE IF EXISTS " + t);
        }
        d.setUp().forEach(s -> sql.add(text(s, cell)));
        String owned = Parameter.ownedTables(cell, d.tables());
        if (!owned.isEmpty()) {
            d.tables().forEach(t -> sql.add(cell.sql().markCreated(t)));
        }
        if (!d.load().isEmpty()) {
            sql.addAll(cell.sql().numbersSetup());
        }
        for (Load l : d.load()) {
            sql.add("INSERT INTO " + l.table() + " (" + String.join(", ", l.columns().keySet()) + ") SELECT "
                    + String.join(", ", l.columns().values().stream().map(e -> resolve(e, cell)).toList()) + " FROM "
                    + cell.sql().numbers(Long.parseLong(resolve(l.rows(), cell))));
        }
        return new SamplerSpec(SampleLabels.setUp(NAME)).set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT)
                .set(SamplerField.OWNED_TABLES, owned).statements(sql);
    }

    @Override
    public SamplerSpec sample(CellValues cell) {
        return transactions(cell).get(0).sampler();
    }

    @Override
    public List<Transaction> transactions(CellValues cell) {
        Map<String, Integer> weights = weights(cell);
        List<Transaction> out = new ArrayList<>();
        for (Tx t : d.transactions()) {
            out.add(new Transaction(sampler(t, cell), weights.get(t.name()), t.options().keySet()));
        }
        return out;
    }

    private Map<String, Integer> weights(CellValues cell) {
        Map<String, Integer> out = new LinkedHashMap<>();
        d.transactions().forEach(t -> out.put(t.name(), Integer.parseInt(resolve(t.weight(), cell))));
        return out;
    }

    private SamplerSpec sampler(Tx t, CellValues cell) {
        Set<String> csvColumns = d.csv() == null ? Set.of() : Set.copyOf(d.csv().columns());
        List<String> statements = new ArrayList<>();
        List<String> parameters = new ArrayList<>();
        for (Statement s : t.statements()) {
            StringBuilder params = new StringBuilder();
            Matcher m = BIND.matcher(text(s.pick(cell), cell));
            StringBuilder sql = new StringBuilder();
            while (m.find()) {
                String name = m.group(1);
                params.append(params.isEmpty() ? "" : ", ").append(csvColumns.contains(name) ? "${" + name + "}" : ":" + name);
                m.appendReplacement(sql, "?");
            }
            m.appendTail(sql);
            statements.add(sql.toString());
            parameters.add(params.toString());
        }
        List<String> random = new ArrayList<>();
        t.random().forEach((name, expr) -> random.add(randomLine(name, resolve(expr, cell))));
        SamplerSpec spec = new SamplerSpec(t.name()).statements(statements).parameters(parameters)
                .set(SamplerField.RANDOM_VALUES, String.join("\n", random))
                .set(SamplerField.SUB_RESULTS, cell.parameter(Parameter.SUB_RESULTS.name()));
        t.options().forEach(spec::set);
        if (t.options().containsKey(SamplerField.LOCK_NAME)) {
            spec.set(SamplerField.LOCK_MODE, LockMode.NAMED_LOCK);
        }
        return spec;
    }

    @Override
    public List<SamplerSpec> tearDown(CellValues cell) {
        List<SamplerSpec> out = new ArrayList<>();
        for (Check c : d.checks()) {
            // A check that does not hold fails its sample with violations=1, which the run and the report show.
            out.add(new SamplerSpec(SampleLabels.tearDown("check " + c.name())).set(SamplerField.PROCEDURE, CHECK_PROCEDURE)
                    .set(SamplerField.PROCEDURE_ARGUMENTS, "expect=" + resolve(c.expect(), cell))
                    .set(SamplerField.STATEMENTS, "query: " + text(c.query(), cell) + ";\n")
                    .set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT));
        }
        if (!d.tearDown().isEmpty()) {
            out.add(new SamplerSpec(SampleLabels.tearDown(NAME)).set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT)
                    .statements(d.tearDown().stream().map(s -> text(s, cell)).toList()));
        }
        return out;
    }

    @Override
    public List<RandomVariable> randomVariables(CellValues cell) {
        return List.of();
    }

    @Override
    public List<CsvData> csvData(CellValues cell) {
        return d.csv() == null ? List.of() : List.of(d.csv());
    }

    private static String text(Sql sql, CellValues cell) {
        String text = sql.on(cell.sql().kind());
        if (text == null) {
            throw new IllegalStateException(sql.field() + " has no SQL for " + cell.sql().kind().displayName()
                    + " (line " + sql.line() + "); check reports it");
        }
        return resolve(text, cell);
    }

    /** The text with each {@code {parameter}} replaced by its value in the cell; other braces stay. */
    public static String resolve(String text, CellValues cell) {
        Matcher m = PARAMETER_REF.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = cell.parameters().get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The parameter names a text refers to as {@code {name}}. */
    public static Set<String> references(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = PARAMETER_REF.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The names a statement binds as {@code :name}. */
    public static Set<String> binds(String sql) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = BIND.matcher(sql);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /**
     * The sampler's random-values line for a study file's expression: {@code uniform(1, 100)} is
     * {@code name = random(1, 100)}; {@code nurand(A, min, max)} and {@code zipfian(min, max, s)} keep their form.
     *
     * @throws IllegalArgumentException what is wrong with the expression
     */
    public static String randomLine(String name, String expression) {
        Matcher m = RANDOM.matcher(expression.strip());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + expression + "' is not a random value");
        }
        String kind = m.group(1);
        List<String> args = List.of(m.group(2).split(",", -1)).stream().map(String::strip).toList();
        int wholes = kind.equals("nurand") ? 3 : 2;
        int expected = kind.equals("uniform") ? 2 : 3;
        if (args.size() != expected) {
            throw new IllegalArgumentException(kind + " takes " + expected + " arguments, not " + args.size());
        }
        for (int i = 0; i < wholes; i++) {
            if (!WHOLE.matcher(args.get(i)).matches()) {
                throw new IllegalArgumentException("'" + args.get(i) + "' in " + expression + " is not a whole number");
            }
        }
        long min = Long.parseLong(args.get(wholes - 2));
        long max = Long.parseLong(args.get(wholes - 1));
        if (min > max) {
            throw new IllegalArgumentException("min " + min + " is above max " + max + " in " + expression);
        }
        if (kind.equals("zipfian")) {
            BigDecimal s;
            try {
                s = new BigDecimal(args.get(2));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("'" + args.get(2) + "' in " + expression + " is not a number");
            }
            if (s.signum() <= 0) {
                throw new IllegalArgumentException("zipfian's s must be above 0 in " + expression);
            }
        }
        return name + " = " + (kind.equals("uniform") ? "random" : kind) + "(" + String.join(", ", args) + ")";
    }
}
