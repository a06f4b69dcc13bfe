package org.dbstudy.generator;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.dbstudy.generator.sql.SqlDialect;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.generator.workload.LevelRule;
import org.dbstudy.generator.workload.Parameter;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.generator.workload.Workloads;
import org.yaml.snakeyaml.nodes.Node;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.MonitorAddress;

/** Reads and checks a study file (see docs/study-file.md); every error names file, line and field. */
final class StudyParser {
    static final Pattern STUDY_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    static final Pattern TARGET_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");
    private static final List<String> TOP = List.of("name", "description", "workload", "targets", "factors",
            "settings", "replicates", "order", "seed", "exclude", "server_settings", "design");
    private static final List<String> TARGET_KEYS = List.of("name", "dialect", "url", "user", "monitor", "restart");
    private static final List<String> SETTINGS = List.of("duration", "ramp_up", "warm_up", "rest", "connect", "prime", "start",
            "timer", "jitter");
    private static final LevelRule JITTER = new LevelRule(
            "a fraction of the interval above 0 and at most 1 (e.g. 0.1)",
            Pattern.compile("[01](\\.[0-9]{1,3})?|\\.[0-9]{1,3}"), BigDecimal.ZERO, BigDecimal.ONE, null, null);

    private final YamlReader yaml;

    private StudyParser(String source) {
        this.yaml = new YamlReader(source);
    }

    static Design parse(String source, String text) throws StudyFileException {
        return new StudyParser(source).design(text);
    }

    private Design design(String text) throws StudyFileException {
        Node root = yaml.compose(text);
        Map<String, Node> top = yaml.mapping(root, "", TOP);
        for (String required : List.of("name", "workload", "factors")) {
            if (!top.containsKey(required)) {
                throw yaml.error(root, required, "missing", "see docs/study-file.md; e.g. " + example(required));
            }
        }
        String name = yaml.scalar(top.get("name"), "name");
        if (!STUDY_NAME.matcher(name).matches()) {
            throw yaml.error(top.get("name"), "name", "'" + name + "' is not a plain name",
                    "lower-case letters, digits and '-', starting with a letter or digit");
        }
        String description = top.containsKey("description") ? yaml.scalar(top.get("description"), "description") : "";
        Map<String, Node> wl = yaml.mapping(top.get("workload"), "workload", List.of("template", "parameters"));
        if (!wl.containsKey("template")) {
            throw yaml.error(top.get("workload"), "workload.template", "missing", String.join(", ", Workloads.names()));
        }
        String templateName = yaml.scalar(wl.get("template"), "workload.template");
        Workload workload = Workloads.byName(templateName);
        if (workload == null) {
            throw yaml.error(wl.get("template"), "workload.template", "unknown template '" + templateName + "'",
                    String.join(", ", Workloads.names()));
        }
        Map<String, String> parameters = wl.containsKey("parameters") ? parameters(wl.get("parameters"), workload)
                : Map.of();
        List<Target> targets = top.containsKey("targets") ? targets(top.get("targets")) : List.of(defaultTarget());
        List<Design.Factor> factors = factors(top.get("factors"), workload, targets);
        Design.Settings settings = settings(top.get("settings"));
        int replicates = (int) whole(top.get("replicates"), "replicates", 1, 1, 1000);
        String order = top.containsKey("order") ? yaml.scalar(top.get("order"), "order") : "design";
        if (!order.equals("design") && !order.equals("random")) {
            throw yaml.error(top.get("order"), "order", "'" + order + "' is not an order", "design, random");
        }
        long seed = whole(top.get("seed"), "seed", 1, Long.MIN_VALUE, Long.MAX_VALUE);
        Map<String, String> serverSettings = top.containsKey("server_settings")
                ? serverSettings(top.get("server_settings")) : Map.of();
        for (Design.Factor f : factors) {
            String setting = Factors.serverSetting(f.name());
            if (setting != null && serverSettings.containsKey(setting)) {
                throw yaml.error(YamlReader.keyNodes(top.get("server_settings")).get(setting), "server_settings." + setting,
                        "the study fixes server setting " + setting + " and varies it as factor " + f.name()
                                + " (line " + f.line() + ")", "fix it or vary it, not both");
            }
        }
        CellDesign cellDesign = new DesignParser(yaml).design(top.get("design"));
        if (top.containsKey("exclude") && !(cellDesign instanceof FullFactorial)) {
            throw yaml.error(top.get("exclude"), "exclude", "a " + cellDesign.type() + " design chooses its own cells",
                    "exclude with design type full-factorial only; remove exclude");
        }
        List<Design.Exclusion> excludes = top.containsKey("exclude")
                ? excludes(top.get("exclude"), new Design(yaml.source(), name, description, workload, parameters,
                        targets, factors, settings, replicates, order, seed, List.of(), serverSettings).factors())
                : List.of();
        return new Design(yaml.source(), name, description, workload, parameters, targets, factors, settings,
                replicates, order, seed, excludes, serverSettings, cellDesign);
    }

    private static String example(String key) {
        return switch (key) {
            case "name" -> "name: my-study";
            case "workload" -> "workload: {template: crud}";
            default -> "factors: {users: [5, 10]}";
        };
    }

    static Target defaultTarget() {
        SqlDialect pg = SqlDialects.of(DatabaseKind.POSTGRESQL);
        return new Target("postgres", pg.kind(), pg.defaultUrl(), pg.defaultUser());
    }

    private Map<String, String> parameters(Node node, Workload workload) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, "workload.parameters", null);
        Map<String, Node> keys = YamlReader.keyNodes(node);
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String field = "workload.parameters." + e.getKey();
            Parameter p = workload.parameters().stream().filter(x -> x.name().equals(e.getKey())).findFirst()
                    .orElse(null);
            if (p == null) {
                throw yaml.error(keys.get(e.getKey()), field, "template " + workload.name() + " has no parameter '"
                        + e.getKey() + "'", parameterNames(workload));
            }
            String value = yaml.scalar(e.getValue(), field);
            String problem = p.rule().problem(value);
            if (problem != null) {
                throw yaml.error(e.getValue(), field, problem, p.rule().valid());
            }
            out.put(e.getKey(), value);
        }
        return out;
    }

    static String parameterNames(Workload workload) {
        List<String> names = workload.parameters().stream().map(Parameter::name).toList();
        return names.isEmpty() ? "none (template " + workload.name() + " takes no parameters)"
                : String.join(", ", names);
    }

    private List<Target> targets(Node node) throws StudyFileException {
        List<Node> items = yaml.sequence(node, "targets");
        if (items.isEmpty()) {
            throw yaml.error(node, "targets", "empty list", "one or more {name, dialect, url, user}");
        }
        List<Target> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            String field = "targets[" + i + "]";
            Node item = items.get(i);
            Map<String, Node> keys = YamlReader.keyNodes(item);
            if (keys.containsKey("password")) {
                throw yaml.error(keys.get("password"), field + ".password", "a password is never allowed in a study"
                        + " file (plans and copies would leak it)", "pass it at run time: -Jdb.password=… or the"
                        + " CLI's password option; keys " + String.join(", ", TARGET_KEYS));
            }
            Map<String, Node> t = yaml.mapping(item, field, TARGET_KEYS);
            for (String required : List.of("name", "dialect")) {
                if (!t.containsKey(required)) {
                    throw yaml.error(item, field + "." + required, "missing", required.equals("name")
                            ? "a name such as postgres" : String.join(", ", SqlDialects.names()));
                }
            }
            String name = yaml.scalar(t.get("name"), field + ".name");
            if (!TARGET_NAME.matcher(name).matches() || !names.add(name)) {
                throw yaml.error(t.get("name"), field + ".name", "'" + name + "' is not a new plain name",
                        "a unique name of letters, digits, '_' and '-'");
            }
            String dialectName = yaml.scalar(t.get("dialect"), field + ".dialect");
            SqlDialect dialect = SqlDialects.byName(dialectName);
            if (dialect == null) {
                throw yaml.error(t.get("dialect"), field + ".dialect", "unknown dialect '" + dialectName + "'",
                        String.join(", ", SqlDialects.names()));
            }
            String url = t.containsKey("url") ? yaml.scalar(t.get("url"), field + ".url") : dialect.defaultUrl();
            if (!url.startsWith("jdbc:")) {
                throw yaml.error(t.get("url"), field + ".url", "'" + url + "' is not a JDBC URL",
                        "e.g. " + dialect.defaultUrl());
            }
            String user = t.containsKey("user") ? yaml.scalar(t.get("user"), field + ".user") : dialect.defaultUser();
            MonitorAddress monitor = null;
            if (t.containsKey("monitor")) {
                String text = yaml.scalar(t.get("monitor"), field + ".monitor");
                try {
                    monitor = MonitorAddress.parse(text);
                } catch (IllegalArgumentException e) {
                    throw yaml.error(t.get("monitor"), field + ".monitor", e.getMessage(), MonitorAddress.VALID);
                }
            }
            String restart = t.containsKey("restart") ? yaml.scalar(t.get("restart"), field + ".restart") : null;
            if (restart != null && restart.isBlank()) {
                throw yaml.error(t.get("restart"), field + ".restart", "empty command",
                        "a shell command that restarts the server, e.g. \"sudo systemctl restart postgresql\"");
            }
            out.add(new Target(name, dialect.kind(), url, user, monitor, restart));
        }
        return out;
    }

    private List<Design.Factor> factors(Node node, Workload workload, List<Target> targets)
            throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, "factors", null);
        if (entries.isEmpty()) {
            throw yaml.error(node, "factors", "no factors", Factors.validNames(workload));
        }
        Map<String, Node> keys = YamlReader.keyNodes(node);
        List<Design.Factor> out = new ArrayList<>();
        Set<String> canonical = new HashSet<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String field = "factors." + e.getKey();
            Node keyNode = keys.get(e.getKey());
            if (!canonical.add(Factors.canonical(e.getKey()))) {
                throw yaml.error(keyNode, field, "the same factor is declared twice (clients is users)",
                        "each factor once");
            }
            List<String> levels = new ArrayList<>();
            List<Node> items = e.getValue() instanceof org.yaml.snakeyaml.nodes.ScalarNode
                    ? List.of(e.getValue()) : yaml.sequence(e.getValue(), field);
            for (Node item : items) {
                levels.add(yaml.scalar(item, field));
            }
            String problem = levelsProblem(e.getKey(), levels, workload, targets);
            if (problem != null) {
                throw yaml.error(keyNode, field, problem, validLevels(e.getKey(), workload, targets));
            }
            out.add(new Design.Factor(e.getKey(), levels, YamlReader.line(keyNode)));
        }
        return out;
    }

    /** Null when the factor is known and its levels are non-empty, valid and distinct; else the problem. */
    static String levelsProblem(String name, List<String> levels, Workload workload, List<Target> targets) {
        String nameProblem = Factors.nameProblem(name);
        if (nameProblem != null) {
            return nameProblem;
        }
        LevelRule rule = Factors.rule(name, workload, targets);
        if (rule == null) {
            return "unknown factor '" + name + "' for template " + workload.name();
        }
        if (levels.isEmpty()) {
            return "no levels";
        }
        Set<String> seen = new HashSet<>();
        for (String level : levels) {
            String problem = rule.problem(level);
            if (problem != null) {
                return "level " + problem;
            }
            if (!seen.add(level)) {
                return "level '" + level + "' appears twice";
            }
        }
        return null;
    }

    /** What would be valid for this factor: its levels if it is known, else the known factor names. */
    static String validLevels(String name, Workload workload, List<Target> targets) {
        LevelRule rule = Factors.rule(name, workload, targets);
        if (Factors.serverSetting(name) != null && rule == null) {
            return "server.<setting> with a setting of " + ServerSettings.validNames();
        }
        if (rule == null || Factors.nameProblem(name) != null) {
            return "factors " + Factors.validNames(workload);
        }
        return "a non-empty list of distinct levels, each " + rule.valid();
    }

    private Design.Settings settings(Node node) throws StudyFileException {
        Map<String, Node> s = node == null ? Map.of() : yaml.mapping(node, "settings", SETTINGS);
        long duration = whole(s.get("duration"), "settings.duration", 60, 1, 31_536_000);
        long rampUp = whole(s.get("ramp_up"), "settings.ramp_up", 0, 0, 86_400);
        long warmUp = whole(s.get("warm_up"), "settings.warm_up", 0, 0, 31_536_000);
        long rest = whole(s.get("rest"), "settings.rest", 0, 0, 86_400);
        if (warmUp >= duration) {
            throw yaml.error(s.get("warm_up"), "settings.warm_up", warmUp + " s is not shorter than the duration ("
                    + duration + " s); warm-up is the start of the duration", "0 to " + (duration - 1));
        }
        int prime = (int) whole(s.get("prime"), "settings.prime", Design.Settings.DEFAULT_PRIME, 0, 100);
        return new Design.Settings(duration, rampUp, warmUp, rest, arrival(s), connect(s.get("connect")), prime);
    }

    private Arrival arrival(Map<String, Node> s) throws StudyFileException {
        Arrival.Start start = Arrival.DEFAULT.start();
        if (s.containsKey("start")) {
            String text = yaml.scalar(s.get("start"), "settings.start");
            start = Arrival.Start.parse(text);
            if (start == null) {
                throw yaml.error(s.get("start"), "settings.start", "'" + text + "' is not a start",
                        String.join(", ", Arrival.Start.keys()));
            }
        }
        Arrival.Timer timer = Arrival.DEFAULT.timer();
        if (s.containsKey("timer")) {
            String text = yaml.scalar(s.get("timer"), "settings.timer");
            timer = Arrival.Timer.parse(text);
            if (timer == null) {
                throw yaml.error(s.get("timer"), "settings.timer", "'" + text + "' is not a timer",
                        String.join(", ", Arrival.Timer.keys()));
            }
        }
        BigDecimal jitter = Arrival.DEFAULT_JITTER;
        if (s.containsKey("jitter")) {
            Node node = s.get("jitter");
            if (timer == Arrival.Timer.CONSTANT) {
                throw yaml.error(node, "settings.jitter", "a constant timer has no jitter",
                        "remove jitter, or set timer to " + String.join(", ", Arrival.Timer.keys().subList(1, 4)));
            }
            String text = yaml.scalar(node, "settings.jitter");
            String problem = JITTER.problem(text);
            if (problem != null || new BigDecimal(text).signum() == 0) {
                throw yaml.error(node, "settings.jitter", problem != null ? problem : "'0' leaves nothing random",
                        JITTER.valid());
            }
            jitter = new BigDecimal(text);
        }
        return new Arrival(timer, jitter, start);
    }

    private Map<String, String> serverSettings(Node node) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, "server_settings", null);
        Map<String, Node> keys = YamlReader.keyNodes(node);
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String field = "server_settings." + e.getKey();
            ServerSettings.Known known = ServerSettings.byName(e.getKey());
            if (known == null) {
                throw yaml.error(keys.get(e.getKey()), field, "dbstudy cannot set server setting '" + e.getKey() + "'",
                        ServerSettings.validNames());
            }
            String value = yaml.scalar(e.getValue(), field);
            String problem = known.rule().problem(value);
            if (problem != null) {
                throw yaml.error(e.getValue(), field, problem, known.rule().valid());
            }
            out.put(e.getKey(), value);
        }
        return out;
    }

    private ConnectionTiming connect(Node node) throws StudyFileException {
        if (node == null) {
            return ConnectionTiming.BEFORE_FIRST_SAMPLE;
        }
        String text = yaml.scalar(node, "settings.connect");
        ConnectionTiming timing = ConnectionTiming.byWord(text);
        if (timing == null) {
            throw yaml.error(node, "settings.connect", "'" + text + "' is not a connection timing",
                    ConnectionTiming.validWords());
        }
        return timing;
    }

    private long whole(Node node, String field, long fallback, long min, long max) throws StudyFileException {
        if (node == null) {
            return fallback;
        }
        String text = yaml.scalar(node, field);
        try {
            long v = Long.parseLong(text.trim());
            if (v >= min && v <= max) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the valid range
        }
        throw yaml.error(node, field, "'" + text + "' is not a whole number in range",
                "a whole number from " + min + " to " + max);
    }

    private List<Design.Exclusion> excludes(Node node, List<Design.Factor> factors) throws StudyFileException {
        List<Design.Exclusion> out = new ArrayList<>();
        List<Node> items = yaml.sequence(node, "exclude");
        for (int i = 0; i < items.size(); i++) {
            String field = "exclude[" + i + "]";
            Map<String, Node> m = yaml.mapping(items.get(i), field, null);
            if (m.isEmpty()) {
                throw yaml.error(items.get(i), field, "empty: it would exclude every cell", "{factor: level, …}");
            }
            Map<String, String> levels = new LinkedHashMap<>();
            for (Map.Entry<String, Node> e : m.entrySet()) {
                Design.Factor f = factors.stream().filter(x -> x.name().equals(e.getKey())).findFirst().orElse(null);
                if (f == null) {
                    throw yaml.error(items.get(i), field + "." + e.getKey(), "not a declared factor",
                            String.join(", ", factors.stream().map(Design.Factor::name).toList()));
                }
                String level = yaml.scalar(e.getValue(), field + "." + e.getKey());
                if (!f.levels().contains(level)) {
                    throw yaml.error(e.getValue(), field + "." + e.getKey(), "'" + level + "' is not a level of "
                            + f.name(), String.join(", ", f.levels()));
                }
                levels.put(e.getKey(), level);
            }
            out.add(new Design.Exclusion(levels, YamlReader.line(items.get(i))));
        }
        return out;
    }
}
