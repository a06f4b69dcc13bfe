package org.dbstudy.generator.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.dbstudy.generator.design.StudyFileException;
import org.yaml.snakeyaml.nodes.Node;

/**
 * A built-in study's reduced design for {@code reproduce --quick}, in its own file beside the study
 * ({@code studies/<study>.quick.yaml}): some factors' levels (each a subset of the study's), every
 * cell's duration, the rest between cells and, if given, the replicates. It only narrows the study: the
 * workload, its parameters and the server settings stay the study's, so a quick run never measures
 * something its study would not.
 *
 * @param study        the built-in study it reduces
 * @param levels       factor → the levels kept, in the file's order
 * @param duration     every cell's duration in seconds
 * @param rest         seconds between cells
 * @param replicates   runs of each cell, or 0 for the study's own
 */
public record QuickDesign(String study, Map<String, List<String>> levels, long duration, long rest, int replicates) {
    static final String SUFFIX = ".quick.yaml";
    private static final List<String> KEYS = List.of("levels", "duration", "rest", "replicates");

    public QuickDesign {
        levels = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(levels));
    }

    /** The quick design of built-in {@code study}, empty when it has none; a broken file is a bug of dbstudy's. */
    public static Optional<QuickDesign> of(String study) {
        String resource = "studies/" + study + SUFFIX;
        if (!Studies.BUILT_IN.contains(study) || Studies.class.getResource(resource) == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(resource, study, Studies.readResource(resource)));
        } catch (StudyFileException e) {
            throw new IllegalStateException("built-in quick design " + resource + " is broken: " + e.getMessage(), e);
        }
    }

    /** The built-in studies that have a quick design, in the order studies are listed. */
    public static List<String> studies() {
        return Studies.BUILT_IN.stream().filter(s -> Studies.class.getResource("studies/" + s + SUFFIX) != null).toList();
    }

    static QuickDesign parse(String source, String study, String text) throws StudyFileException {
        YamlReader yaml = new YamlReader(source);
        Map<String, Node> top = yaml.mapping(yaml.compose(text), "", KEYS);
        for (String required : List.of("duration", "rest")) {
            if (!top.containsKey(required)) {
                throw new StudyFileException(source, 1, required, "missing", "whole seconds");
            }
        }
        Map<String, List<String>> levels = new LinkedHashMap<>();
        if (top.containsKey("levels")) {
            for (Map.Entry<String, Node> e : yaml.mapping(top.get("levels"), "levels", null).entrySet()) {
                List<String> kept = new ArrayList<>();
                for (Node level : yaml.sequence(e.getValue(), "levels." + e.getKey())) {
                    kept.add(yaml.scalar(level, "levels." + e.getKey()));
                }
                levels.put(e.getKey(), kept);
            }
        }
        long duration = seconds(yaml, top.get("duration"), "duration");
        long rest = seconds(yaml, top.get("rest"), "rest");
        int replicates = top.containsKey("replicates") ? (int) seconds(yaml, top.get("replicates"), "replicates") : 0;
        if (!yaml.problems().isEmpty()) {
            throw StudyFileException.all(yaml.problems());
        }
        return new QuickDesign(study, levels, duration, rest, replicates);
    }

    private static long seconds(YamlReader yaml, Node node, String field) throws StudyFileException {
        String value = yaml.scalar(node, field);
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw yaml.error(node, field, "'" + value + "' is not a whole number", "a whole number");
        }
    }

    /** The {@code --set} words that ask for it on {@code run}: each {@code FACTOR=L1,L2}, then {@code replicates=N} if given. */
    public List<String> sets() {
        List<String> sets = new ArrayList<>();
        levels.forEach((factor, kept) -> sets.add(factor + "=" + String.join(",", kept)));
        if (replicates > 0) {
            sets.add("replicates=" + replicates);
        }
        return sets;
    }

    /** {@code full} reduced to this design, as {@code run} with {@link #sets()}, --duration and --rest would. */
    public Study applyTo(Study full) throws StudyFileException {
        Study reduced = full.withOverrides(levels, OptionalLong.of(duration)).withRest(rest);
        return replicates > 0 ? reduced.withReplicates(replicates) : reduced;
    }
}
