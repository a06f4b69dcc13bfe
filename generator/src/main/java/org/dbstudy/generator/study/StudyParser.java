package org.dbstudy.generator.study;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.dbstudy.generator.design.Arrival;
import org.dbstudy.generator.design.CellDesign;
import org.dbstudy.generator.design.ConnectionTiming;
import org.dbstudy.generator.design.Design;
import org.dbstudy.generator.design.Factors;
import org.dbstudy.generator.design.FullFactorial;
import org.dbstudy.generator.design.ServerSettings;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.design.Target;
import org.dbstudy.generator.sql.SqlDialect;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.generator.workload.CustomWorkload;
import org.dbstudy.generator.workload.LevelRule;
import org.dbstudy.generator.workload.Parameter;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.generator.workload.Workloads;
import org.dbstudy.vocabulary.CellPrecision;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.MonitorAddress;
import org.yaml.snakeyaml.nodes.Node;

/**
 * Reads and checks a study file (see docs/study-file.md); every error names file, line and field.
 * Every mistake in the file is reported in one go: each top-level key has its section parser
 * ({@link #SECTIONS}, in reading order), each entry of a section is checked on its own, and a section
 * that depends on an earlier one (factors on the workload and targets, exclusions on the factors) skips
 * only the checks that would repeat that one's mistake. To add a key, add its parser to the table.
 */
final class StudyParser {
    static final Pattern STUDY_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");
    static final Pattern TARGET_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");
    private static final List<String> TARGET_KEYS = List.of("name", "dialect", "url", "user", "monitor", "restart");
    private static final List<String> SETTINGS = List.of("duration", "ramp_up", "warm_up", "rest", "connect", "prime", "start",
            "timer", "jitter", "co_correction", "precision");
    private static final List<String> REQUIRED = List.of("name", "workload", "factors");
    private static final LevelRule JITTER = new LevelRule(
            "a fraction of the interval above 0 and at most 1 (e.g. 0.1)",
            Pattern.compile("[01](\\.[0-9]{1,3})?|\\.[0-9]{1,3}"), BigDecimal.ZERO, BigDecimal.ONE, null, null);

    /** Parses one top-level key's value into the parser's state; a missing key gets a null node. */
    private interface Section {
        void parse(StudyParser parser, Node node) throws StudyFileException;
    }

    /** The top-level keys, each with its parser, in the order they are read (a later one may use an earlier one's result). */
    private static final Map<String, Section> SECTIONS = sections();

    private static Map<String, Section> sections() {
        Map<String, Section> s = new LinkedHashMap<>();
        s.put("name", StudyParser::name);
        s.put("description", StudyParser::description);
        s.put("workload", StudyParser::workload);
        s.put("targets", StudyParser::targets);
        s.put("factors", StudyParser::factors);
        s.put("settings", StudyParser::settings);
        s.put("replicates", (p, n) -> p.replicates = (int) p.whole(n, "replicates", 1, 1, 1000));
        s.put("order", StudyParser::order);
        s.put("seed", (p, n) -> p.seed = p.whole(n, "seed", 1, Long.MIN_VALUE, Long.MAX_VALUE));
        s.put("server_settings", StudyParser::serverSettings);
        s.put("design", (p, n) -> p.cellDesign = new DesignParser(p.yaml).design(n));
        s.put("exclude", StudyParser::excludes);
        s.put("expect", StudyParser::expectations);
        return java.util.Collections.unmodifiableMap(s);
    }

    private final YamlReader yaml;
    /** The file's text: a custom workload keeps its own part for the generated study.yaml. */
    private String text = "";
    private Map<String, Node> top = Map.of();
    /** A custom workload as parsed, even with mistakes: its SQL variants are checked against the targets. */
    private CustomWorkload customSql;
    // What the sections parsed; null where a section found a mistake (and reported it).
    private String name;
    private String description = "";
    private Workload workload;
    private Map<String, String> parameters = Map.of();
    /** The value nodes of workload.parameters, for messages that come after the targets are known. */
    private Map<String, Node> parameterNodes = Map.of();
    private List<Target> targets;
    private List<Design.Factor> factors;
    private Design.Settings settings;
    private Integer replicates = 1;
    private String order = "design";
    private Long seed = 1L;
    private Map<String, String> serverSettings = Map.of();
    private CellDesign cellDesign;
    private List<Design.Exclusion> excludes = List.of();
    private List<Claim> expectations = List.of();

    private StudyParser(String source) {
        this.yaml = new YamlReader(source);
    }

    static Design parse(String source, String text) throws StudyFileException {
        return new StudyParser(source).design(text);
    }

    private Design design(String text) throws StudyFileException {
        this.text = text;
        Node root = yaml.compose(text);
        top = yaml.mapping(root, "", List.copyOf(SECTIONS.keySet()));
        for (String required : REQUIRED) {
            if (!top.containsKey(required)) {
                yaml.report(yaml.error(root, required, "missing", "see docs/study-file.md; e.g. " + example(required)));
            }
        }
        for (Map.Entry<String, Section> section : SECTIONS.entrySet()) {
            Node node = top.get(section.getKey());
            if (node != null || !REQUIRED.contains(section.getKey())) {
                yaml.attempt(() -> {
                    section.getValue().parse(this, node);
                    return null;
                });
            }
        }
        checkParametersOnTargets();
        if (!yaml.problems().isEmpty()) {
            throw StudyFileException.all(yaml.problems());
        }
        return new Design(yaml.source(), name, description, workload, parameters, targets, factors, settings,
                replicates, order, seed, excludes, serverSettings, cellDesign, expectations);
    }

    private void name(Node node) throws StudyFileException {
        String text = yaml.scalar(node, "name");
        if (!STUDY_NAME.matcher(text).matches()) {
            throw yaml.error(node, "name", "'" + text + "' is not a plain name",
                    "lower-case letters, digits and '-', starting with a letter or digit");
        }
        name = text;
    }

    private void description(Node node) throws StudyFileException {
        description = node == null ? "" : yaml.scalar(node, "description");
    }

    private void workload(Node node) throws StudyFileException {
        Map<String, Node> wl = yaml.mapping(node, "workload", List.of("template", "custom", "parameters"));
        if (wl.containsKey("custom")) {
            if (wl.containsKey("template")) {
                throw yaml.error(wl.get("template"), "workload.template", "a workload is a template or custom, not both",
                        "remove template, or custom");
            }
            int before = yaml.problems().size();
            CustomWorkload custom = new CustomWorkloadParser(yaml, text).parse(wl.get("custom"));
            customSql = custom;
            if (yaml.problems().size() == before) {
                workload = custom;
                if (wl.containsKey("parameters")) {
                    parameters = parameters(wl.get("parameters"), custom);
                }
            }
            return;
        }
        if (!wl.containsKey("template")) {
            throw yaml.error(node, "workload.template", "missing", String.join(", ", Workloads.names())
                    + ", or custom: with your own transactions (docs/study-file.md, Custom workloads)");
        }
        String templateName = yaml.scalar(wl.get("template"), "workload.template");
        Workload found = Workloads.byName(templateName);
        if (found == null) {
            throw yaml.error(wl.get("template"), "workload.template", "unknown template '" + templateName + "'",
                    String.join(", ", Workloads.names()));
        }
        workload = found;
        if (wl.containsKey("parameters")) {
            parameters = parameters(wl.get("parameters"), found);
        }
    }

    private void order(Node node) throws StudyFileException {
        String text = node == null ? "design" : yaml.scalar(node, "order");
        if (!text.equals("design") && !text.equals("random")) {
            throw yaml.error(node, "order", "'" + text + "' is not an order", "design, random");
        }
        order = text;
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

    /** Each parameter's value on each target's database ({@link Workload#problemOnTarget}); custom SQL for each kind. */
    private void checkParametersOnTargets() {
        if (customSql != null && targets != null) {
            Set<DatabaseKind> seen = new HashSet<>();
            for (Target t : targets) {
                if (seen.add(t.kind())) {
                    CustomWorkloadParser.missingOn(customSql, t.kind(), "target '" + t.name() + "'", yaml.source()).forEach(yaml::report);
                }
            }
        }
        if (workload == null || targets == null) {
            return;
        }
        for (Map.Entry<String, String> e : parameters.entrySet()) {
            for (Target t : targets) {
                Workload.CellProblem problem = workload.problemOnTarget(e.getKey(), e.getValue(), t.kind());
                if (problem != null) {
                    yaml.report(yaml.error(parameterNodes.get(e.getKey()), "workload.parameters." + e.getKey(),
                            problem.problem() + " (target '" + t.name() + "')", problem.valid()));
                    break;
                }
            }
        }
    }

    private Map<String, String> parameters(Node node, Workload workload) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, "workload.parameters", null);
        parameterNodes = entries;
        Map<String, Node> keys = YamlReader.keyNodes(node);
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String value = yaml.attempt(() -> parameter(e.getKey(), keys.get(e.getKey()), e.getValue(), workload));
            if (value != null) {
                out.put(e.getKey(), value);
            }
        }
        return out;
    }

    private String parameter(String key, Node keyNode, Node valueNode, Workload workload) throws StudyFileException {
        String field = "workload.parameters." + key;
        Parameter p = workload.parameters().stream().filter(x -> x.name().equals(key)).findFirst().orElse(null);
        if (p == null) {
            throw yaml.error(keyNode, field, "template " + workload.name() + " has no parameter '" + key + "'",
                    parameterNames(workload));
        }
        String value = yaml.scalar(valueNode, field);
        String problem = p.rule().problem(value);
        if (problem != null) {
            throw yaml.error(valueNode, field, problem, p.rule().valid());
        }
        return value;
    }

    static String parameterNames(Workload workload) {
        List<String> names = workload.parameters().stream().map(Parameter::name).toList();
        return names.isEmpty() ? "none (template " + workload.name() + " takes no parameters)"
                : String.join(", ", names);
    }

    private void targets(Node node) throws StudyFileException {
        if (node == null) {
            targets = List.of(defaultTarget());
            return;
        }
        List<Node> items = yaml.sequence(node, "targets");
        if (items.isEmpty()) {
            throw yaml.error(node, "targets", "empty list", "one or more {name, dialect, url, user}");
        }
        List<Target> out = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            Target t = yaml.attempt(() -> target(items.get(index), "targets[" + index + "]", names));
            if (t != null) {
                out.add(t);
            }
        }
        // Only when every target is right: the factors' checks would otherwise repeat a target's mistake.
        targets = out.size() == items.size() ? out : null;
    }

    private Target target(Node item, String field, Set<String> names) throws StudyFileException {
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
                        ? "a name such as postgres" : SqlDialects.validNames());
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
                    SqlDialects.validNames());
        }
        String url = t.containsKey("url") ? yaml.scalar(t.get("url"), field + ".url") : dialect.defaultUrl();
        if (!url.startsWith("jdbc:")) {
            throw yaml.error(t.get("url"), field + ".url", "'" + url + "' is not a JDBC URL",
                    "e.g. " + dialect.defaultUrl());
        }
        if (org.dbstudy.vocabulary.JdbcUrls.hasSecret(url)) {
            throw yaml.error(t.get("url"), field + ".url", "'" + org.dbstudy.vocabulary.JdbcUrls.redact(url)
                    + "' holds a secret, never allowed in a study file (plans and copies would leak it)",
                    "the URL without it; give the whole URL at run time: 'bin/dbstudy run --url', which keeps secrets off"
                    + " JMeter's command line, or a -q FILE of your own with db.url=… for plain JMeter");
        }
        String mismatch = dialect.kind().urlProblem(url);
        if (mismatch != null) {
            throw yaml.error(t.get("url"), field + ".url", mismatch + ", but the target's dialect is "
                    + dialect.kind().id(), "a " + dialect.kind().urlPrefix() + " URL such as " + dialect.defaultUrl()
                    + ", or the dialect that URL is for");
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
        return new Target(name, dialect.kind(), url, user, monitor, restart);
    }

    private void factors(Node node) throws StudyFileException {
        Map<String, Node> entries = yaml.mapping(node, "factors", null);
        if (entries.isEmpty()) {
            throw yaml.error(node, "factors", "no factors", workload == null ? "a mapping of factors to levels"
                    : Factors.validNames(workload));
        }
        Map<String, Node> keys = YamlReader.keyNodes(node);
        List<Design.Factor> out = new ArrayList<>();
        Set<String> canonical = new HashSet<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            Design.Factor f = yaml.attempt(() -> factor(e.getKey(), keys.get(e.getKey()), e.getValue(), canonical));
            if (f != null) {
                out.add(f);
            }
        }
        // Checked against the workload and targets only when both are right; complete only when every factor is.
        factors = out.size() == entries.size() && workload != null && targets != null ? out : null;
    }

    private Design.Factor factor(String name, Node keyNode, Node value, Set<String> canonical) throws StudyFileException {
        String field = "factors." + name;
        if (!canonical.add(Factors.canonical(name))) {
            throw yaml.error(keyNode, field, "the same factor is declared twice (clients is users)", "each factor once");
        }
        List<String> levels = new ArrayList<>();
        List<Node> items = value instanceof org.yaml.snakeyaml.nodes.ScalarNode ? List.of(value) : yaml.sequence(value, field);
        for (Node item : items) {
            levels.add(Factors.canonicalLevel(name, yaml.scalar(item, field)));
        }
        // Only the target factor's levels come from the targets: the others are checked even when a target is wrong.
        if (workload != null && (targets != null || !name.equals(Factors.TARGET))) {
            String problem = levelsProblem(name, levels, workload, targets == null ? List.of() : targets);
            if (problem != null) {
                throw yaml.error(keyNode, field, problem, validLevels(name, workload, targets));
            }
        }
        return new Design.Factor(name, levels, YamlReader.line(keyNode));
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

    private void settings(Node node) throws StudyFileException {
        Map<String, Node> s = node == null ? Map.of() : yaml.mapping(node, "settings", SETTINGS);
        CellPrecision precision = yaml.attempt(() -> new PrecisionParser(yaml).parse(s.get("duration"), s.get("precision"),
                s.get("warm_up")));
        // A duration range is the maximum's window: the plan runs that long unless the runner stops it sooner.
        Long duration = PrecisionParser.adaptive(s.get("duration")) ? (precision == null ? null : precision.maxSeconds())
                : yaml.attempt(() -> whole(s.get("duration"), "settings.duration", 60, 1, PrecisionParser.MAX_SECONDS));
        Long rampUp = yaml.attempt(() -> whole(s.get("ramp_up"), "settings.ramp_up", 0, 0, 86_400));
        Long warmUp = yaml.attempt(() -> whole(s.get("warm_up"), "settings.warm_up", 0, 0, 31_536_000));
        Long rest = yaml.attempt(() -> whole(s.get("rest"), "settings.rest", 0, 0, 86_400));
        if (warmUp != null && duration != null && warmUp >= duration) {
            yaml.report(yaml.error(s.get("warm_up"), "settings.warm_up", warmUp + " s is not shorter than the duration ("
                    + duration + " s); warm-up is the start of the duration", "0 to " + (duration - 1)));
        }
        Long prime = yaml.attempt(() -> whole(s.get("prime"), "settings.prime", Design.Settings.DEFAULT_PRIME, 0, 100));
        Arrival arrival = yaml.attempt(() -> arrival(s));
        ConnectionTiming connect = yaml.attempt(() -> connect(s.get("connect")));
        Boolean co = yaml.attempt(() -> flag(s.get("co_correction"), "settings.co_correction"));
        if (duration != null && rampUp != null && warmUp != null && rest != null && prime != null && arrival != null
                && connect != null && co != null && precision != null) {
            settings = new Design.Settings(duration, rampUp, warmUp, rest, arrival, connect, prime.intValue(), co, precision);
        }
    }

    /** A true/false setting, false when absent. */
    private boolean flag(Node node, String field) throws StudyFileException {
        if (node == null) {
            return false;
        }
        String text = yaml.scalar(node, field);
        if (!text.equals("true") && !text.equals("false")) {
            throw yaml.error(node, field, "'" + text + "' is not true or false", "true or false");
        }
        return Boolean.parseBoolean(text);
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

    private void serverSettings(Node node) throws StudyFileException {
        if (node == null) {
            return;
        }
        Map<String, Node> entries = yaml.mapping(node, "server_settings", null);
        Map<String, Node> keys = YamlReader.keyNodes(node);
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String value = yaml.attempt(() -> serverSetting(e.getKey(), keys.get(e.getKey()), e.getValue()));
            if (value != null) {
                out.put(e.getKey(), value);
            }
        }
        serverSettings = out;
        for (Design.Factor f : factors == null ? List.<Design.Factor>of() : factors) {
            String setting = Factors.serverSetting(f.name());
            if (setting != null && out.containsKey(setting)) {
                yaml.report(yaml.error(keys.get(setting), "server_settings." + setting, "the study fixes server setting "
                        + setting + " and varies it as factor " + f.name() + " (line " + f.line() + ")",
                        "fix it or vary it, not both"));
            }
        }
    }

    private String serverSetting(String key, Node keyNode, Node valueNode) throws StudyFileException {
        String field = "server_settings." + key;
        ServerSettings.Known known = ServerSettings.byName(key);
        if (known == null) {
            throw yaml.error(keyNode, field, "dbstudy cannot set server setting '" + key + "'", ServerSettings.validNames());
        }
        String value = yaml.scalar(valueNode, field);
        String problem = known.rule().problem(value);
        if (problem != null) {
            throw yaml.error(valueNode, field, problem, known.rule().valid());
        }
        return value;
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

    /** The user's expectations ({@link ClaimParser}); levels are checked when the factors are right. */
    private void expectations(Node node) throws StudyFileException {
        if (node == null) {
            return;
        }
        List<Design.Factor> all = factors == null || targets == null ? null : new Design(yaml.source(), "x", "",
                workload, parameters, targets, factors, new Design.Settings(1, 0, 0, 0), 1, "design", 1, List.of())
                .factors();
        expectations = new ClaimParser(yaml, all).claims(node, "expect", Claim.Origin.EXPECTATION, "");
    }

    private void excludes(Node node) throws StudyFileException {
        if (node == null) {
            return;
        }
        if (cellDesign != null && !(cellDesign instanceof FullFactorial)) {
            throw yaml.error(node, "exclude", "a " + cellDesign.type() + " design chooses its own cells",
                    "exclude with design type full-factorial only; remove exclude");
        }
        List<Node> items = yaml.sequence(node, "exclude");
        if (factors == null || targets == null) {
            return; // the factors' own mistakes are reported; levels cannot be checked against them
        }
        List<Design.Factor> all = new Design(yaml.source(), "x", "", workload, parameters, targets, factors,
                new Design.Settings(1, 0, 0, 0), 1, "design", 1, List.of()).factors();
        List<Design.Exclusion> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            Design.Exclusion x = yaml.attempt(() -> exclusion(items.get(index), "exclude[" + index + "]", all));
            if (x != null) {
                out.add(x);
            }
        }
        excludes = out;
    }

    private Design.Exclusion exclusion(Node item, String field, List<Design.Factor> factors) throws StudyFileException {
        Map<String, Node> m = yaml.mapping(item, field, null);
        if (m.isEmpty()) {
            throw yaml.error(item, field, "empty: it would exclude every cell", "{factor: level, …}");
        }
        Map<String, String> levels = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : m.entrySet()) {
            Design.Factor f = factors.stream().filter(x -> x.name().equals(e.getKey())).findFirst().orElse(null);
            if (f == null) {
                throw yaml.error(item, field + "." + e.getKey(), "not a declared factor",
                        String.join(", ", factors.stream().map(Design.Factor::name).toList()));
            }
            String level = yaml.scalar(e.getValue(), field + "." + e.getKey());
            if (!f.levels().contains(level)) {
                throw yaml.error(e.getValue(), field + "." + e.getKey(), "'" + level + "' is not a level of "
                        + f.name(), String.join(", ", f.levels()));
            }
            levels.put(e.getKey(), level);
        }
        return new Design.Exclusion(levels, YamlReader.line(item));
    }
}
