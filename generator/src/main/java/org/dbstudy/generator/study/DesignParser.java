package org.dbstudy.generator.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.dbstudy.generator.design.CellDesign;
import org.dbstudy.generator.design.FractionalFactorial;
import org.dbstudy.generator.design.OneFactorAtATime;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.FractionalDesign;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads a study file's {@code design:} (see docs/study-file.md): its type and that type's keys. What
 * depends on the factors (levels, letters, reachable resolutions) is checked when cells are expanded.
 */
final class DesignParser {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");
    private static final List<String> ROMAN = List.of("III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI");

    private final YamlReader yaml;
    private Map<String, Node> keyNodes = Map.of();

    DesignParser(YamlReader yaml) {
        this.yaml = yaml;
    }

    CellDesign design(Node node) throws StudyFileException {
        if (node == null) {
            return CellDesign.FULL_FACTORIAL;
        }
        if (node instanceof ScalarNode) {
            return ofType(node, yaml.scalar(node, "design"), Map.of(), "design");
        }
        Map<String, Node> keys = yaml.mapping(node, "design", null);
        keyNodes = YamlReader.keyNodes(node);
        if (!keys.containsKey("type")) {
            throw yaml.error(node, "design.type", "missing", String.join(", ", DesignColumn.TYPES));
        }
        return ofType(keys.get("type"), yaml.scalar(keys.get("type"), "design.type"), keys, "design.type");
    }

    private CellDesign ofType(Node typeNode, String type, Map<String, Node> keys, String field)
            throws StudyFileException {
        int line = YamlReader.line(typeNode);
        return switch (type) {
            case DesignColumn.FULL_FACTORIAL -> {
                allowed(keys, List.of("type"), type);
                yield CellDesign.FULL_FACTORIAL;
            }
            case DesignColumn.ONE_FACTOR_AT_A_TIME -> {
                allowed(keys, List.of("type", "baseline", "combined"), type);
                yield new OneFactorAtATime(settings(keys.get("baseline"), "design.baseline"),
                        combined(keys.get("combined")));
            }
            case DesignColumn.FRACTIONAL_FACTORIAL -> {
                allowed(keys, List.of("type", "generators", "runs", "resolution"), type);
                yield fractional(keys, line);
            }
            default -> throw yaml.error(typeNode, field, "'" + type + "' is not a design type",
                    String.join(", ", DesignColumn.TYPES));
        };
    }

    private void allowed(Map<String, Node> keys, List<String> allowed, String type) throws StudyFileException {
        for (Map.Entry<String, Node> e : keys.entrySet()) {
            if (!allowed.contains(e.getKey())) {
                throw yaml.error(keyNodes.getOrDefault(e.getKey(), e.getValue()), "design." + e.getKey(),
                        "not a key of a " + type + " design", String.join(", ", allowed));
            }
        }
    }

    private List<OneFactorAtATime.Setting> settings(Node node, String field) throws StudyFileException {
        List<OneFactorAtATime.Setting> out = new ArrayList<>();
        if (node == null) {
            return out;
        }
        Map<String, Node> entries = yaml.mapping(node, field, null);
        Map<String, Node> keyNodes = YamlReader.keyNodes(node);
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String level = yaml.scalar(e.getValue(), field + "." + e.getKey());
            out.add(new OneFactorAtATime.Setting(e.getKey(), level, YamlReader.line(keyNodes.get(e.getKey()))));
        }
        return out;
    }

    private List<OneFactorAtATime.Named> combined(Node node) throws StudyFileException {
        List<OneFactorAtATime.Named> out = new ArrayList<>();
        if (node == null) {
            return out;
        }
        Map<String, Node> entries = yaml.mapping(node, "design.combined", null);
        Map<String, Node> keyNodes = YamlReader.keyNodes(node);
        for (Map.Entry<String, Node> e : entries.entrySet()) {
            String field = "design.combined." + e.getKey();
            Node key = keyNodes.get(e.getKey());
            if (!NAME.matcher(e.getKey()).matches()) {
                throw yaml.error(key, field, "'" + e.getKey() + "' is not a plain name",
                        "letters, digits, '_' and '-', starting with a letter or digit");
            }
            List<OneFactorAtATime.Setting> levels = settings(e.getValue(), field);
            if (levels.isEmpty()) {
                throw yaml.error(e.getValue(), field, "no levels: that is the baseline",
                        "{factor: level, …} with the levels that differ from the baseline");
            }
            out.add(new OneFactorAtATime.Named(e.getKey(), levels, YamlReader.line(key)));
        }
        return out;
    }

    private FractionalFactorial fractional(Map<String, Node> keys, int line) throws StudyFileException {
        List<FractionalFactorial.Given> generators = new ArrayList<>();
        Node g = keys.get("generators");
        if (g != null) {
            List<Node> items = g instanceof ScalarNode ? List.of(g) : yaml.sequence(g, "design.generators");
            for (int i = 0; i < items.size(); i++) {
                generators.add(new FractionalFactorial.Given(yaml.scalar(items.get(i), "design.generators[" + i + "]"),
                        YamlReader.line(items.get(i))));
            }
            if (generators.isEmpty()) {
                throw yaml.error(g, "design.generators", "empty list", "generators such as [E=ABCD], or leave"
                        + " generators out and give runs or resolution");
            }
        }
        int runs = runs(keys.get("runs"));
        int resolution = resolution(keys.get("resolution"));
        return new FractionalFactorial(generators, runs, resolution, new FractionalFactorial.Lines(line,
                lineOf(g), lineOf(keys.get("runs")), lineOf(keys.get("resolution"))), null);
    }

    private int runs(Node node) throws StudyFileException {
        if (node == null) {
            return 0;
        }
        String text = yaml.scalar(node, "design.runs");
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 4 && Integer.bitCount(n) == 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with what is valid
        }
        throw yaml.error(node, "design.runs", "'" + text + "' is not a power of two of at least 4",
                "4, 8, 16, 32, 64, 128, …");
    }

    private int resolution(Node node) throws StudyFileException {
        if (node == null) {
            return 0;
        }
        String text = yaml.scalar(node, "design.resolution").trim();
        int roman = ROMAN.indexOf(text.toUpperCase(Locale.ROOT));
        if (roman >= 0) {
            return roman + 3;
        }
        try {
            int n = Integer.parseInt(text);
            if (n >= 3 && n <= FractionalDesign.MAX_FACTORS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below with what is valid
        }
        throw yaml.error(node, "design.resolution", "'" + text + "' is not a resolution of 3 or more (resolution II"
                + " and less would estimate main effects together)", "3, 4, 5, … or III, IV, V, …");
    }

    private static int lineOf(Node node) {
        return node == null ? 0 : YamlReader.line(node);
    }
}
