package org.dbstudy.generator.study;

import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.generator.design.StudyFileException;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * Reads YAML as nodes, so that every problem can name its file and line, and collects the problems a
 * study's checks report instead of stopping at the first ({@link #attempt}, {@link #problems()}).
 */
final class YamlReader {
    /** A check that may find a problem. */
    interface Check<T> {
        T run() throws StudyFileException;
    }

    private final String source;
    private final List<StudyFileException> problems = new ArrayList<>();

    YamlReader(String source) {
        this.source = source;
    }

    Node compose(String text) throws StudyFileException {
        LoaderOptions options = new LoaderOptions();
        options.setAllowRecursiveKeys(false);
        options.setMaxAliasesForCollections(10);
        try {
            Node node = new Yaml(options).compose(new StringReader(text));
            if (node == null) {
                throw new StudyFileException(source, 1, "name", "the file is empty", "a study: name, workload, factors, …");
            }
            return node;
        } catch (MarkedYAMLException e) {
            int line = e.getProblemMark() == null ? 0 : e.getProblemMark().getLine() + 1;
            throw new StudyFileException(source, line, "(YAML)", "not valid YAML: " + e.getProblem(),
                    "YAML 1.1 (indent with spaces, 'key: value', lists as [a, b] or '- a')");
        } catch (YAMLException e) {
            throw new StudyFileException(source, 0, "(YAML)", "not valid YAML: " + e.getMessage(), "YAML 1.1");
        }
    }

    String source() {
        return source;
    }

    static int line(Node node) {
        return node.getStartMark().getLine() + 1;
    }

    StudyFileException error(Node node, String field, String problem, String valid) {
        return new StudyFileException(source, line(node), field, problem, valid);
    }

    /** Records a problem and goes on: the file's other parts are still checked. */
    void report(StudyFileException problem) {
        problems.add(problem);
    }

    /** The check's value, or null when it found a problem (recorded, see {@link #problems()}). */
    <T> T attempt(Check<T> check) {
        try {
            return check.run();
        } catch (StudyFileException e) {
            report(e);
            return null;
        }
    }

    /** The problems reported so far, by line (those found on one line in the order found). */
    List<StudyFileException> problems() {
        return problems.stream().sorted(java.util.Comparator.comparingInt(StudyFileException::line)).toList();
    }

    /**
     * A mapping's entries by key, in file order. Duplicate and unknown keys are reported (and left out),
     * so that the rest of the mapping is still checked.
     */
    Map<String, Node> mapping(Node node, String field, List<String> allowedKeys) throws StudyFileException {
        if (!(node instanceof MappingNode m)) {
            throw error(node, field, "expected a mapping of keys to values", "keys " + String.join(", ", allowedKeys));
        }
        Map<String, Node> out = new LinkedHashMap<>();
        Set<String> seen = new HashSet<>();
        for (NodeTuple t : m.getValue()) {
            String key = scalar(t.getKeyNode(), field);
            String keyField = field.isEmpty() ? key : field + "." + key;
            if (!seen.add(key)) {
                report(error(t.getKeyNode(), keyField, "appears twice", "each key once"));
                continue;
            }
            if (allowedKeys != null && !allowedKeys.contains(key)) {
                report(error(t.getKeyNode(), keyField, "unknown key", String.join(", ", allowedKeys)));
                continue;
            }
            out.put(key, t.getValueNode());
        }
        return out;
    }

    /** The key nodes of a mapping, for line numbers of keys. */
    static Map<String, Node> keyNodes(Node node) {
        Map<String, Node> out = new LinkedHashMap<>();
        if (node instanceof MappingNode m) {
            for (NodeTuple t : m.getValue()) {
                if (t.getKeyNode() instanceof ScalarNode s) {
                    out.put(s.getValue(), s);
                }
            }
        }
        return out;
    }

    String scalar(Node node, String field) throws StudyFileException {
        if (!(node instanceof ScalarNode s)) {
            throw error(node, field, "expected a single value, found a " + kind(node), "a plain value");
        }
        return s.getValue();
    }

    List<Node> sequence(Node node, String field) throws StudyFileException {
        if (!(node instanceof SequenceNode s)) {
            throw error(node, field, "expected a list, found a " + kind(node), "a list such as [a, b] or lines '- a'");
        }
        return s.getValue();
    }

    private static String kind(Node node) {
        return node instanceof MappingNode ? "mapping" : node instanceof SequenceNode ? "list" : "single value";
    }
}
