package org.dbstudy.generator.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.generator.design.Design;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.Claim;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads claims: a study file's {@code expect} list (a user's expectations) and a built-in study's
 * reference file (a paper's findings). A claim is a mapping ({@code kind, metric, where, a, b, factor,
 * direction, min, max, up_to, label, versus, monitor, id, says, paper, untestable}; what each kind needs is
 * checked by {@link ClaimKindRules}) or, for the two common cases, one line:
 * {@code "p90 of read < 50 ms"} (a limit) and {@code "SERIALIZABLE slower than READ_COMMITTED"} (an
 * ordering of mean response time). Levels are checked against the study's factors when they are known.
 * Every mistake names file, line and field.
 */
final class ClaimParser {
    static final List<String> KEYS = List.of("id", "says", "kind", "metric", "label", "where", "a", "b", "factor",
            "direction", "min", "max", "up_to", "paper", "untestable", "versus", "monitor");
    private static final Pattern LIMIT = Pattern.compile(
            "(\\w+) of (\\S+) (<|>) ([0-9]+(?:\\.[0-9]+)?) ?(ms|/s|%)?");
    private static final Pattern ORDER = Pattern.compile("(\\S+) (slower|faster) than (\\S+)");

    private final YamlReader yaml;
    private final List<Design.Factor> factors; // null: unknown (the factors have mistakes of their own)

    ClaimParser(YamlReader yaml, List<Design.Factor> factors) {
        this.yaml = yaml;
        this.factors = factors;
    }

    /** The claims of a list; each entry's mistakes are reported and the entry left out. */
    List<Claim> claims(Node node, String field, Claim.Origin origin, String paperSource) throws StudyFileException {
        List<Node> items = yaml.sequence(node, field);
        List<Claim> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            int index = i;
            Claim c = yaml.attempt(() -> claim(items.get(index), field + "[" + index + "]", origin, paperSource));
            if (c != null) {
                out.add(c);
            }
        }
        return out;
    }

    private Claim claim(Node item, String field, Claim.Origin origin, String paperSource) throws StudyFileException {
        String fileLine = yaml.source() + ":" + YamlReader.line(item);
        if (item instanceof ScalarNode s) {
            return sentence(s, field, origin == Claim.Origin.PAPER ? paperSource : fileLine);
        }
        Map<String, Node> m = yaml.mapping(item, field, KEYS);
        if (!m.containsKey("kind")) {
            throw yaml.error(item, field + ".kind", "missing", Claim.Kind.validIds());
        }
        String kindText = yaml.scalar(m.get("kind"), field + ".kind");
        Claim.Kind kind = Claim.Kind.byId(kindText);
        if (kind == null) {
            throw yaml.error(m.get("kind"), field + ".kind", "'" + kindText + "' is not a kind of claim", Claim.Kind.validIds());
        }
        Claim.Metric metric = metric(m.get("metric"), field + ".metric", item);
        String id = m.containsKey("id") ? yaml.scalar(m.get("id"), field + ".id") : field;
        String source = origin == Claim.Origin.PAPER ? paperSource + (m.containsKey("id") ? " " + id : "") : fileLine;
        Map<String, String> where = levels(m.get("where"), field + ".where");
        Map<String, String> a = levels(m.get("a"), field + ".a");
        Map<String, String> b = levels(m.get("b"), field + ".b");
        String factor = m.containsKey("factor") ? factorName(m.get("factor"), field + ".factor") : "";
        Claim.Direction direction = null;
        double low = number(m.get("min"), field + ".min");
        double high = number(m.get("max"), field + ".max");
        String upTo = m.containsKey("up_to") ? yaml.scalar(m.get("up_to"), field + ".up_to") : "";
        String versus = text(m, "versus", field);
        String monitor = text(m, "monitor", field);
        switch (kind) {
            case ORDERING, RATIO -> {
                if (a.isEmpty() || b.isEmpty()) {
                    throw yaml.error(item, field + (a.isEmpty() ? ".a" : ".b"), "missing: a " + kind.id()
                            + " compares the cells of a with those of b", "a: {factor: level}, b: {factor: level}");
                }
                if (kind == Claim.Kind.RATIO && Double.isNaN(low) && Double.isNaN(high)) {
                    throw yaml.error(item, field + ".min", "a ratio needs min, max or both", "e.g. min: 0.8, max: 1.25");
                }
            }
            case TREND -> {
                if (factor.isEmpty()) {
                    throw yaml.error(item, field + ".factor", "missing", "the factor whose levels the trend is over");
                }
                String d = m.containsKey("direction") ? yaml.scalar(m.get("direction"), field + ".direction") : "";
                direction = Claim.Direction.byId(d);
                if (direction != Claim.Direction.INCREASING && direction != Claim.Direction.DECREASING) {
                    throw yaml.error(m.getOrDefault("direction", item), field + ".direction",
                            d.isEmpty() ? "missing" : "'" + d + "' is not a direction", "increasing, decreasing");
                }
            }
            case THRESHOLD -> {
                if (factor.isEmpty() || upTo.isEmpty() || Double.isNaN(high)) {
                    throw yaml.error(item, field + (factor.isEmpty() ? ".factor" : upTo.isEmpty() ? ".up_to" : ".max"),
                            "missing", "factor, up_to (its last level within the bound) and max, e.g. "
                            + "{kind: threshold, metric: error_percent, factor: users, up_to: 100, max: 0}");
                }
            }
            case LIMIT -> {
                if (Double.isNaN(low) && Double.isNaN(high)) {
                    throw yaml.error(item, field + ".max", "a limit needs min, max or both", "e.g. max: 50");
                }
            }
            default -> direction = new ClaimKindRules(yaml, item, field, m).check(kind, metric, a, b, factor, low, high,
                    text(m, "label", field), versus, monitor);
        }
        return new Claim(id, origin, source, text(m, "says", field), kind, metric, text(m, "label", field), where, a, b,
                factor, direction, low, high, upTo, text(m, "paper", field), text(m, "untestable", field), versus, monitor);
    }

    /** The one-line forms. */
    private Claim sentence(ScalarNode s, String field, String source) throws StudyFileException {
        String text = s.getValue().trim();
        Matcher limit = LIMIT.matcher(text);
        if (limit.matches()) {
            Claim.Metric metric = Claim.Metric.byId(limit.group(1));
            if (metric == null) {
                throw yaml.error(s, field, "'" + limit.group(1) + "' is not a metric", Claim.Metric.validIds());
            }
            double value = Double.parseDouble(limit.group(4));
            boolean below = limit.group(3).equals("<");
            Map<String, String> where = new LinkedHashMap<>();
            String label = "";
            Design.Factor f = factorWithLevel(limit.group(2));
            if (f != null) {
                where.put(f.name(), limit.group(2));
            } else {
                label = limit.group(2); // not a level: a sample label (transaction, query)
            }
            return new Claim(field, Claim.Origin.EXPECTATION, source, text, Claim.Kind.LIMIT, metric, label, where,
                    Map.of(), Map.of(), "", null, below ? Double.NaN : value, below ? value : Double.NaN, "", "", "");
        }
        Matcher order = ORDER.matcher(text);
        if (order.matches()) {
            Map<String, String> slow = levelSelection(s, field, order.group(1));
            Map<String, String> fast = levelSelection(s, field, order.group(3));
            boolean slower = order.group(2).equals("slower");
            // a < b on mean response time: the faster one is a.
            return new Claim(field, Claim.Origin.EXPECTATION, source, text, Claim.Kind.ORDERING, Claim.Metric.MEAN, "",
                    Map.of(), slower ? fast : slow, slower ? slow : fast, "", null, Double.NaN, Double.NaN, "", "", "");
        }
        throw yaml.error(s, field, "'" + text + "' is not a claim", "'METRIC of LEVEL < NUMBER [ms]', "
                + "'LEVEL slower than LEVEL', or a mapping with kind (" + Claim.Kind.validIds() + ")");
    }

    private Map<String, String> levelSelection(Node node, String field, String level) throws StudyFileException {
        Design.Factor f = factorWithLevel(level);
        if (f == null) {
            throw yaml.error(node, field, "'" + level + "' is not a level of any factor", factors == null
                    ? "a level of a declared factor" : "levels " + allLevels());
        }
        return Map.of(f.name(), level);
    }

    private Design.Factor factorWithLevel(String level) {
        return factors == null ? null
                : factors.stream().filter(f -> f.levels().contains(level)).findFirst().orElse(null);
    }

    private String allLevels() {
        return String.join(", ", factors.stream().flatMap(f -> f.levels().stream()).distinct().toList());
    }

    private Claim.Metric metric(Node node, String field, Node item) throws StudyFileException {
        if (node == null) {
            throw yaml.error(item, field, "missing", Claim.Metric.validIds());
        }
        String text = yaml.scalar(node, field);
        Claim.Metric metric = Claim.Metric.byId(text.toLowerCase(Locale.ROOT));
        if (metric == null) {
            throw yaml.error(node, field, "'" + text + "' is not a metric", Claim.Metric.validIds());
        }
        return metric;
    }

    private Map<String, String> levels(Node node, String field) throws StudyFileException {
        Map<String, String> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        Map<String, Node> keys = YamlReader.keyNodes(node);
        for (Map.Entry<String, Node> e : yaml.mapping(node, field, null).entrySet()) {
            String name = e.getKey();
            String level = yaml.scalar(e.getValue(), field + "." + name);
            Design.Factor f = factor(name);
            if (factors != null && f == null) {
                throw yaml.error(keys.get(name), field + "." + name, "not a factor of the study", factorNames());
            }
            if (f != null && !f.levels().contains(level)) {
                throw yaml.error(e.getValue(), field + "." + name, "'" + level + "' is not a level of " + name,
                        String.join(", ", f.levels()));
            }
            out.put(name, level);
        }
        return out;
    }

    private String factorName(Node node, String field) throws StudyFileException {
        String name = yaml.scalar(node, field);
        if (factors != null && factor(name) == null) {
            throw yaml.error(node, field, "'" + name + "' is not a factor of the study", factorNames());
        }
        return name;
    }

    private Design.Factor factor(String name) {
        return factors == null ? null : factors.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
    }

    private String factorNames() {
        return String.join(", ", factors.stream().map(Design.Factor::name).toList());
    }

    private double number(Node node, String field) throws StudyFileException {
        if (node == null) {
            return Double.NaN;
        }
        String text = yaml.scalar(node, field);
        try {
            double v = Double.parseDouble(text.trim());
            if (Double.isFinite(v)) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw yaml.error(node, field, "'" + text + "' is not a number", "a number such as 50 or 0.8");
    }

    private String text(Map<String, Node> m, String key, String field) throws StudyFileException {
        return m.containsKey(key) ? yaml.scalar(m.get(key), field + "." + key) : "";
    }
}
