package org.dbstudy.generator.study;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.workload.CellValues;
import org.dbstudy.generator.workload.CsvData;
import org.dbstudy.generator.workload.CustomWorkload;
import org.dbstudy.generator.workload.CustomWorkload.Check;
import org.dbstudy.generator.workload.CustomWorkload.Load;
import org.dbstudy.generator.workload.CustomWorkload.Sql;
import org.dbstudy.generator.workload.CustomWorkload.Statement;
import org.dbstudy.generator.workload.CustomWorkload.Tx;
import org.dbstudy.generator.workload.LevelRule;
import org.dbstudy.generator.workload.Parameter;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.IsolationLevel;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads {@code workload: custom:} (docs/study-file.md, "Custom workloads") into a {@link CustomWorkload},
 * reporting every mistake with its line and field, as the rest of the study file.
 */
final class CustomWorkloadParser {
    static final String FIELD = "workload.custom";
    private static final List<String> KEYS = List.of("tables", "parameters", "setup", "load", "transactions", "checks",
            "teardown", "csv");
    /** A transaction's own keys; the others are its sampler options ({@link #OPTIONS}). */
    private static final List<String> TX_KEYS = List.of("weight", "random", "statements");
    /** A transaction's sampler options: the study file's key to the sampler field it sets. */
    static final Map<String, SamplerField> OPTIONS = options();
    private static final Pattern TX_NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,63}");
    private static final Pattern PARAMETER_VALUE = Pattern.compile("[A-Za-z0-9_.-]{1,64}");
    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,12}");
    private static final Pattern CREATE_TABLE = Pattern.compile(
            "(?i)\\bCREATE\\s+TABLE\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?[`\"]?([A-Za-z_][A-Za-z0-9_]*)");
    /** Factor names every workload has: a parameter of the same name would be ambiguous. */
    private static final Set<String> SHARED_FACTORS = Set.of("users", "clients", "interval", "rows", "isolation", "lock",
            "target", Parameter.SUB_RESULTS.name(), Parameter.REUSE.name());

    private static Map<String, SamplerField> options() {
        Map<String, SamplerField> m = new LinkedHashMap<>();
        m.put("isolation", SamplerField.ISOLATION_LEVEL);
        m.put("mode", SamplerField.TRANSACTION_MODE);
        m.put("tries", SamplerField.MAX_TRIES);
        m.put("retry_on", SamplerField.RETRY_ON);
        m.put("backoff_ms", SamplerField.BACKOFF_MS);
        m.put("lock", SamplerField.LOCK_NAME);
        m.put("lock_timeout", SamplerField.LOCK_TIMEOUT_SECONDS);
        m.put("lock_scope", SamplerField.LOCK_SCOPE);
        m.put("statement_timeout_ms", SamplerField.STATEMENT_TIMEOUT_MS);
        m.put("lock_wait_timeout_ms", SamplerField.LOCK_WAIT_TIMEOUT_MS);
        return java.util.Collections.unmodifiableMap(m);
    }

    private final YamlReader yaml;
    private final String text;
    private Map<String, String> defaults = new LinkedHashMap<>();
    /** Parameters a statement's {@code choose} names, to their variants' keys. */
    private final Map<String, Set<String>> chosen = new LinkedHashMap<>();

    CustomWorkloadParser(YamlReader yaml, String text) {
        this.yaml = yaml;
        this.text = text;
    }

    /**
     * The workload; when something in it was wrong (every problem is reported), what parsed, which the
     * caller uses only to check the targets' SQL variants.
     */
    CustomWorkload parse(Node node) throws StudyFileException {
        int before = yaml.problems().size();
        Map<String, Node> c = yaml.mapping(node, FIELD, KEYS);
        if (!c.containsKey("transactions")) {
            throw yaml.error(node, FIELD + ".transactions", "missing", "one or more named transactions");
        }
        List<String> tables = c.containsKey("tables") ? attemptOr(() -> tables(c.get("tables")), List.of()) : List.of();
        Map<String, Parameter> parameters = c.containsKey("parameters")
                ? attemptOr(() -> parameters(c.get("parameters")), Map.of()) : Map.of();
        CsvData csv = c.containsKey("csv") ? yaml.attempt(() -> csv(c.get("csv"))) : null;
        List<Sql> setUp = c.containsKey("setup") ? sqlList(c.get("setup"), FIELD + ".setup") : List.of();
        List<Load> load = c.containsKey("load") ? attemptOr(() -> load(c.get("load"), tables), List.of()) : List.of();
        List<Tx> transactions = attemptOr(() -> transactions(c.get("transactions"), csv), List.of());
        List<Check> checks = c.containsKey("checks") ? attemptOr(() -> checks(c.get("checks")), List.of()) : List.of();
        List<Sql> tearDown = c.containsKey("teardown") ? sqlList(c.get("teardown"), FIELD + ".teardown") : List.of();
        checkTablesCreated(setUp, tables, c.get("tables"), node);
        checkReferences(node, parameters.keySet(), setUp, load, transactions, checks, tearDown);
        List<Parameter> ps = new ArrayList<>();
        parameters.forEach((name, p) -> ps.add(chosen.containsKey(name)
                ? new Parameter(name, p.defaultValue(), LevelRule.oneOf(List.copyOf(chosen.get(name))), p.description()) : p));
        CustomWorkload w = new CustomWorkload(new CustomWorkload.Definition(reindented(node), tables, ps, setUp, load,
                transactions, tearDown, checks, csv));
        if (yaml.problems().size() > before) {
            return w; // what parsed, for the checks on the targets; the study file is refused anyway
        }
        Map<String, String> values = new LinkedHashMap<>(defaults);
        values.put(Parameter.SUB_RESULTS.name(), Parameter.SUB_RESULTS.defaultValue());
        values.put(Parameter.REUSE.name(), Parameter.REUSE.defaultValue());
        var problem = w.cellProblem(new CellValues(Map.of(), values, null));
        if (problem != null) {
            yaml.report(yaml.error(node, problem.field(), problem.problem() + " (with the parameters' defaults)", problem.valid()));
        }
        return w;
    }

    /** Each SQL text without a variant for a database kind (a target's, or {@code --db}'s), as a problem at its line. */
    static List<StudyFileException> missingOn(CustomWorkload w, DatabaseKind kind, String where, String source) {
        return w.missingOn(kind).stream().map(s -> new StudyFileException(source, s.line(), s.field(),
                "no SQL for " + kind.displayName() + " (" + where + ")",
                "a '" + kind.id() + ":' variant, or an 'any:' one for every database")).toList();
    }

    private <T> T attemptOr(YamlReader.Check<T> check, T fallback) {
        T value = yaml.attempt(check);
        return value == null ? fallback : value;
    }

    private List<String> tables(Node node) throws StudyFileException {
        List<String> out = new ArrayList<>();
        for (Node item : yaml.sequence(node, FIELD + ".tables")) {
            String t = yaml.scalar(item, FIELD + ".tables");
            if (!LevelRule.SQL_NAME.matcher(t).matches() || out.contains(t)) {
                throw yaml.error(item, FIELD + ".tables", "'" + t + "' is not a new plain SQL name",
                        "distinct table names of letters, digits and '_', in the order they can be dropped (children first)");
            }
            out.add(t);
        }
        return out;
    }

    private Map<String, Parameter> parameters(Node node) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, FIELD + ".parameters", null);
        Map<String, Node> keys = YamlReader.keyNodes(node);
        Map<String, Parameter> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            Parameter p = yaml.attempt(() -> parameter(e.getKey(), keys.get(e.getKey()), e.getValue()));
            if (p != null) {
                out.put(p.name(), p);
                defaults.put(p.name(), p.defaultValue());
            }
        }
        return out;
    }

    private Parameter parameter(String name, Node keyNode, Node value) throws StudyFileException {
        String field = FIELD + ".parameters." + name;
        if (!LevelRule.SQL_NAME.matcher(name).matches() || SHARED_FACTORS.contains(name)) {
            throw yaml.error(keyNode, field, "'" + name + "' is not a plain name of its own",
                    "letters, digits and '_', not one of " + String.join(", ", SHARED_FACTORS.stream().sorted().toList()));
        }
        String v = yaml.scalar(value, field);
        if (!PARAMETER_VALUE.matcher(v).matches()) {
            throw yaml.error(value, field, "'" + v + "' is not a plain value", "a number or word (letters, digits, . _ -)");
        }
        LevelRule rule = WHOLE.matcher(v).matches() ? LevelRule.wholeNumber(-999_999_999_999L, 999_999_999_999L)
                : LevelRule.text("a word of letters, digits, '.', '_' or '-'", PARAMETER_VALUE);
        return new Parameter(name, v, rule, "the study file's own parameter (default " + v + ")");
    }

    private CsvData csv(Node node) throws StudyFileException {
        Map<String, Node> m = yaml.mapping(node, FIELD + ".csv", List.of("file", "columns"));
        if (!m.containsKey("file") || !m.containsKey("columns")) {
            throw yaml.error(node, FIELD + ".csv." + (m.containsKey("file") ? "columns" : "file"), "missing",
                    "file: the CSV file's path (as JMeter runs, relative to its working folder), columns: [a, b]");
        }
        String file = yaml.scalar(m.get("file"), FIELD + ".csv.file");
        List<String> columns = new ArrayList<>();
        for (Node item : yaml.sequence(m.get("columns"), FIELD + ".csv.columns")) {
            String col = yaml.scalar(item, FIELD + ".csv.columns");
            if (!LevelRule.SQL_NAME.matcher(col).matches() || columns.contains(col)) {
                throw yaml.error(item, FIELD + ".csv.columns", "'" + col + "' is not a new plain name", "letters, digits and '_'");
            }
            columns.add(col);
        }
        return new CsvData(file, columns);
    }

    private List<Sql> sqlList(Node node, String field) {
        List<Node> items = yaml.attempt(() -> yaml.sequence(node, field));
        List<Sql> out = new ArrayList<>();
        for (int i = 0; items != null && i < items.size(); i++) {
            int index = i;
            Sql s = yaml.attempt(() -> sql(items.get(index), field + "[" + index + "]"));
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    /** One SQL text: the same on every database, or per database kind ({@code postgresql: …, mariadb: …}). */
    private Sql sql(Node node, String field) throws StudyFileException {
        Map<String, String> byKind = new LinkedHashMap<>();
        if (node instanceof ScalarNode) {
            byKind.put(CustomWorkload.ANY, nonBlank(node, field));
        } else {
            List<String> kinds = new ArrayList<>(java.util.Arrays.stream(DatabaseKind.values()).map(DatabaseKind::id).toList());
            kinds.add(CustomWorkload.ANY);
            Map<String, Node> m = yaml.mapping(node, field, kinds);
            if (m.isEmpty()) {
                throw yaml.error(node, field, "no SQL", String.join(", ", kinds) + " to SQL");
            }
            for (Map.Entry<String, Node> e : m.entrySet()) {
                byKind.put(e.getKey(), nonBlank(e.getValue(), field + "." + e.getKey()));
            }
        }
        return new Sql(byKind, YamlReader.line(node), field);
    }

    private String nonBlank(Node node, String field) throws StudyFileException {
        String s = yaml.scalar(node, field).strip();
        while (s.endsWith(";")) {
            s = s.substring(0, s.length() - 1).strip();
        }
        if (s.isEmpty()) {
            throw yaml.error(node, field, "empty SQL", "a SQL statement");
        }
        return s;
    }

    private List<Load> load(Node node, List<String> tables) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, FIELD + ".load", null);
        List<Load> out = new ArrayList<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String field = FIELD + ".load." + e.getKey();
            Load l = yaml.attempt(() -> {
                if (!tables.contains(e.getKey())) {
                    throw yaml.error(e.getValue(), field, "'" + e.getKey() + "' is not a declared table",
                            "one of tables: " + String.join(", ", tables));
                }
                Map<String, Node> m = yaml.mapping(e.getValue(), field, List.of("rows", "columns"));
                if (!m.containsKey("rows") || !m.containsKey("columns")) {
                    throw yaml.error(e.getValue(), field, "needs rows and columns",
                            "rows: 1000, columns: {id: n, balance: 1000} (n is the row number, 1 to rows)");
                }
                String rows = yaml.scalar(m.get("rows"), field + ".rows");
                Map<String, String> columns = new LinkedHashMap<>();
                for (Map.Entry<String, Node> col : yaml.mapping(m.get("columns"), field + ".columns", null).entrySet()) {
                    if (!LevelRule.SQL_NAME.matcher(col.getKey()).matches()) {
                        throw yaml.error(col.getValue(), field + ".columns." + col.getKey(), "not a plain column name",
                                "letters, digits and '_'");
                    }
                    columns.put(col.getKey(), nonBlank(col.getValue(), field + ".columns." + col.getKey()));
                }
                if (columns.isEmpty()) {
                    throw yaml.error(m.get("columns"), field + ".columns", "no columns", "{column: SQL expression of n}");
                }
                return new Load(e.getKey(), rows, columns);
            });
            if (l != null) {
                out.add(l);
            }
        }
        return out;
    }

    private List<Tx> transactions(Node node, CsvData csv) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, FIELD + ".transactions", null);
        Map<String, Node> keys = YamlReader.keyNodes(node);
        if (entries.isEmpty()) {
            throw yaml.error(node, FIELD + ".transactions", "no transactions", "one or more named transactions");
        }
        List<Tx> out = new ArrayList<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            Tx t = yaml.attempt(() -> transaction(e.getKey(), keys.get(e.getKey()), e.getValue(), csv));
            if (t != null) {
                out.add(t);
            }
        }
        if (out.size() != entries.size()) {
            return List.of();
        }
        return out;
    }

    private Tx transaction(String name, Node keyNode, Node node, CsvData csv) throws StudyFileException {
        String field = FIELD + ".transactions." + name;
        if (!TX_NAME.matcher(name).matches()) {
            throw yaml.error(keyNode, field, "'" + name + "' is not a plain transaction name",
                    "letters, digits and '_', starting with a letter (it labels the samples)");
        }
        List<String> allowed = new ArrayList<>(TX_KEYS);
        allowed.addAll(OPTIONS.keySet());
        Map<String, Node> m = yaml.mapping(node, field, allowed);
        if (!m.containsKey("statements")) {
            throw yaml.error(node, field + ".statements", "missing", "a list of SQL statements");
        }
        String weight = m.containsKey("weight") ? yaml.scalar(m.get("weight"), field + ".weight") : "1";
        Map<String, String> random = new LinkedHashMap<>();
        if (m.containsKey("random")) {
            for (Map.Entry<String, Node> r : yaml.mapping(m.get("random"), field + ".random", null).entrySet()) {
                String rf = field + ".random." + r.getKey();
                if (!LevelRule.SQL_NAME.matcher(r.getKey()).matches()) {
                    throw yaml.error(r.getValue(), rf, "not a plain name", "letters, digits and '_'");
                }
                String expression = yaml.scalar(r.getValue(), rf);
                checkReferences(r.getValue(), rf, expression);
                try {
                    CustomWorkload.randomLine(r.getKey(), withDefaults(expression));
                } catch (IllegalArgumentException e) {
                    throw yaml.error(r.getValue(), rf, e.getMessage(), CustomWorkload.RANDOM_VALID);
                }
                random.put(r.getKey(), expression);
            }
        }
        if (m.containsKey("weight")) {
            checkReferences(m.get("weight"), field + ".weight", weight);
            String w = withDefaults(weight);
            if (!WHOLE.matcher(w).matches() || Long.parseLong(w) < 0 || Long.parseLong(w) > 1_000_000) {
                throw yaml.error(m.get("weight"), field + ".weight", "'" + w + "' is not a weight",
                        "a whole number from 0 to 1000000, or a {parameter}");
            }
        }
        Map<SamplerField, String> options = new LinkedHashMap<>();
        for (Map.Entry<String, SamplerField> o : OPTIONS.entrySet()) {
            if (m.containsKey(o.getKey())) {
                options.put(o.getValue(), option(m.get(o.getKey()), field + "." + o.getKey(), o.getValue()));
            }
        }
        Set<String> bindable = new HashSet<>(random.keySet());
        if (csv != null) {
            bindable.addAll(csv.columns());
        }
        List<Statement> statements = new ArrayList<>();
        List<Node> items = yaml.sequence(m.get("statements"), field + ".statements");
        if (items.isEmpty()) {
            throw yaml.error(m.get("statements"), field + ".statements", "no statements", "a list of SQL statements");
        }
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            Statement s = yaml.attempt(() -> statement(items.get(index), field + ".statements[" + index + "]", bindable));
            if (s != null) {
                statements.add(s);
            }
        }
        return new Tx(name, weight, random, statements, options);
    }

    /** A statement: SQL (per database or not), or variants chosen by a parameter ({@code choose: name}). */
    private Statement statement(Node node, String field, Set<String> bindable) throws StudyFileException {
        Map<String, Node> keys = YamlReader.keyNodes(node);
        Statement s;
        if (node instanceof MappingNode && keys.containsKey("choose")) {
            Map<String, Node> m = yaml.mapping(node, field, null);
            String parameter = yaml.scalar(m.get("choose"), field + ".choose");
            if (!defaults.containsKey(parameter)) {
                throw yaml.error(m.get("choose"), field + ".choose", "'" + parameter + "' is not a parameter of the workload",
                        "a name under workload.custom.parameters, whose value picks the variant");
            }
            Map<String, Sql> variants = new LinkedHashMap<>();
            for (Map.Entry<String, Node> e : m.entrySet()) {
                if (!e.getKey().equals("choose")) {
                    variants.put(e.getKey(), sql(e.getValue(), field + "." + e.getKey()));
                }
            }
            Set<String> levels = chosen.get(parameter);
            if (variants.isEmpty() || (levels != null && !levels.equals(variants.keySet()))
                    || !variants.containsKey(defaults.get(parameter))) {
                throw yaml.error(node, field, "the variants " + variants.keySet() + " are not the levels of '" + parameter
                        + "'", "one variant per value of " + parameter + ", its default '" + defaults.get(parameter) + "' among them"
                        + (levels == null ? "" : ", the same as elsewhere: " + levels));
            }
            chosen.put(parameter, new java.util.LinkedHashSet<>(variants.keySet()));
            s = new Statement(parameter, variants);
        } else {
            s = Statement.of(sql(node, field));
        }
        for (Sql sql : s.variants().values()) {
            for (String text : sql.byKind().values()) {
                for (String bind : CustomWorkload.binds(text)) {
                    if (!bindable.contains(bind)) {
                        throw yaml.error(node, field, ":" + bind + " is neither a random value of the transaction nor a CSV column",
                                bindable.isEmpty() ? "declare it under random: (e.g. " + bind + ": uniform(1, 100))"
                                        : String.join(", ", bindable.stream().sorted().map(b -> ":" + b).toList()));
                    }
                }
            }
        }
        return s;
    }

    private String option(Node node, String field, SamplerField f) throws StudyFileException {
        String v = yaml.scalar(node, field).strip();
        if (f == SamplerField.ISOLATION_LEVEL) {
            // The spellings the sampler and the isolation factor read (REPEATABLE READ, ...), one definition.
            v = IsolationLevel.canonical(v);
        }
        String problem = switch (f.kind()) {
            case CHOICE -> f.choices().contains(v.toUpperCase(Locale.ROOT)) ? null : "'" + v + "' is not a choice";
            case WHOLE -> WHOLE.matcher(v).matches() && Long.parseLong(v) >= f.min() && Long.parseLong(v) <= f.max() ? null
                    : "'" + v + "' is not a whole number in range";
            case DECIMAL -> decimalIn(v, f) ? null : "'" + v + "' is not a number in range";
            default -> v.isEmpty() ? "empty" : null;
        };
        if (problem != null) {
            throw yaml.error(node, field, problem, switch (f.kind()) {
                case CHOICE -> String.join(", ", f.choices().stream().filter(c -> !c.isEmpty()).toList());
                case WHOLE, DECIMAL -> "a number from " + BigDecimal.valueOf(f.min()).stripTrailingZeros().toPlainString()
                        + " to " + BigDecimal.valueOf(f.max()).stripTrailingZeros().toPlainString();
                default -> "a name";
            });
        }
        return f.kind() == SamplerField.Kind.CHOICE ? v.toUpperCase(Locale.ROOT) : v;
    }

    private static boolean decimalIn(String v, SamplerField f) {
        try {
            double d = Double.parseDouble(v);
            return d >= f.min() && d <= f.max();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private List<Check> checks(Node node) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, FIELD + ".checks", null);
        List<Check> out = new ArrayList<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String field = FIELD + ".checks." + e.getKey();
            Check c = yaml.attempt(() -> {
                if (!TX_NAME.matcher(e.getKey()).matches()) {
                    throw yaml.error(e.getValue(), field, "'" + e.getKey() + "' is not a plain check name",
                            "letters, digits and '_', starting with a letter");
                }
                Map<String, Node> m = yaml.mapping(e.getValue(), field, List.of("query", "expect"));
                if (!m.containsKey("query") || !m.containsKey("expect")) {
                    throw yaml.error(e.getValue(), field, "needs query and expect",
                            "query: SQL whose first value is checked, expect: the value it must be");
                }
                return new Check(e.getKey(), sql(m.get("query"), field + ".query"), yaml.scalar(m.get("expect"), field + ".expect"));
            });
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    /** Each table a setUp statement creates is declared, and each declared table is created. */
    private void checkTablesCreated(List<Sql> setUp, List<String> tables, Node tablesNode, Node node) {
        Set<String> created = new HashSet<>();
        for (Sql s : setUp) {
            for (String text : s.byKind().values()) {
                Matcher m = CREATE_TABLE.matcher(text);
                while (m.find()) {
                    created.add(m.group(1));
                    if (!tables.contains(m.group(1))) {
                        yaml.report(new StudyFileException(yaml.source(), s.line(), s.field(), "creates table '" + m.group(1)
                                + "', which tables does not declare", "add it to workload.custom.tables (dbstudy then"
                                + " marks it as its own and refuses to drop a table of that name it did not create)"));
                    }
                }
            }
        }
        for (String t : tables) {
            if (!created.contains(t)) {
                yaml.report(yaml.error(tablesNode == null ? node : tablesNode, FIELD + ".tables", "table '" + t
                        + "' is not created by a setup statement", "a CREATE TABLE " + t + " statement under setup"));
            }
        }
    }

    /** Every {@code {name}} in the workload's texts is a declared parameter. */
    private void checkReferences(Node node, Set<String> parameters, List<Sql> setUp, List<Load> load, List<Tx> transactions,
                                 List<Check> checks, List<Sql> tearDown) {
        List<Sql> all = new ArrayList<>(setUp);
        all.addAll(tearDown);
        transactions.forEach(t -> t.statements().forEach(s -> all.addAll(s.variants().values())));
        checks.forEach(c -> all.add(c.query()));
        for (Sql s : all) {
            for (String text : s.byKind().values()) {
                reportUnknown(CustomWorkload.references(text), parameters, s.line(), s.field());
            }
        }
        int line = YamlReader.line(node);
        for (Load l : load) {
            reportUnknown(CustomWorkload.references(l.rows()), parameters, line, FIELD + ".load." + l.table() + ".rows");
            l.columns().forEach((k, v) -> reportUnknown(CustomWorkload.references(v), parameters, line,
                    FIELD + ".load." + l.table() + ".columns." + k));
        }
        for (Check c : checks) {
            reportUnknown(CustomWorkload.references(c.expect()), parameters, line, FIELD + ".checks." + c.name() + ".expect");
        }
    }

    /** A text's {@code {name}} references are declared parameters (parsed before the transactions). */
    private void checkReferences(Node node, String field, String text) throws StudyFileException {
        for (String r : CustomWorkload.references(text)) {
            if (!defaults.containsKey(r)) {
                throw yaml.error(node, field, "{" + r + "} is not a parameter of the workload", defaults.isEmpty()
                        ? "declare it under workload.custom.parameters"
                        : String.join(", ", defaults.keySet().stream().map(p -> "{" + p + "}").toList()));
            }
        }
    }

    /** The text with each declared parameter's default in place of its {@code {name}}. */
    private String withDefaults(String text) {
        return CustomWorkload.resolve(text, new CellValues(Map.of(), defaults, null));
    }

    private void reportUnknown(Set<String> references, Set<String> parameters, int line, String field) {
        for (String r : references) {
            if (!parameters.contains(r)) {
                yaml.report(new StudyFileException(yaml.source(), line, field, "{" + r + "} is not a parameter of the workload",
                        parameters.isEmpty() ? "declare it under workload.custom.parameters"
                                : String.join(", ", parameters.stream().map(p -> "{" + p + "}").toList())));
            }
        }
    }

    /**
     * The custom node's text, indented by four spaces (under {@code workload:} and {@code custom:}), for the
     * generated study.yaml: what the user wrote, comments included.
     */
    private String reindented(Node node) {
        int start = node.getStartMark().getIndex();
        int end = node.getEndMark().getIndex();
        int column = node.getStartMark().getColumn();
        String body = (" ".repeat(column) + text.substring(start, end)).stripTrailing();
        StringBuilder out = new StringBuilder();
        for (String line : body.split("\n", -1)) {
            if (line.isBlank()) {
                out.append('\n'); // kept: a block scalar's blank line is part of its text
                continue;
            }
            int lead = 0;
            while (lead < line.length() && lead < column && line.charAt(lead) == ' ') {
                lead++;
            }
            out.append("    ").append(line.substring(lead)).append('\n');
        }
        return out.toString();
    }
}
