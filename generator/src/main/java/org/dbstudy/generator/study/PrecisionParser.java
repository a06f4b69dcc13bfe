package org.dbstudy.generator.study;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.CellPrecision;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;

/**
 * {@code settings.duration: {min: S, max: S}} with {@code settings.precision: {statistic: P%, ...}}: cells that end
 * on precision ({@link CellPrecision}). Either key without the other is a mistake, and so is a fixed
 * {@code warm_up} beside them (the warm-up is detected per run).
 */
final class PrecisionParser {
    static final long MAX_SECONDS = 31_536_000;
    private static final List<String> DURATION_KEYS = List.of("min", "max");
    private static final Pattern PERCENT = Pattern.compile("[0-9]{1,2}(\\.[0-9]{1,2})?%");
    private static final String VALID_PERCENT = "a percentage above 0 and below 100, e.g. 5%";

    private final YamlReader yaml;

    PrecisionParser(YamlReader yaml) {
        this.yaml = yaml;
    }

    /** Whether {@code duration} asks for cells that end on precision (a mapping), not a fixed length. */
    static boolean adaptive(Node duration) {
        return duration instanceof MappingNode;
    }

    /** The cells' precision setting; {@link CellPrecision#FIXED} when the study gives neither key. */
    CellPrecision parse(Node duration, Node precision, Node warmUp) throws StudyFileException {
        if (!adaptive(duration)) {
            if (precision != null) {
                throw yaml.error(precision, "settings.precision", "needs a duration range to stop within",
                        "settings.duration: {min: 10, max: 120} beside it, or no precision for fixed cells");
            }
            return CellPrecision.FIXED;
        }
        Map<String, Node> range = yaml.mapping(duration, "settings.duration", DURATION_KEYS);
        long min = seconds(range.get("min"), duration, "settings.duration.min");
        long max = seconds(range.get("max"), duration, "settings.duration.max");
        if (min > max) {
            throw yaml.error(range.get("min"), "settings.duration.min", min + " s is above the maximum (" + max + " s)",
                    "1 to " + max);
        }
        if (precision == null) {
            throw yaml.error(duration, "settings.duration", "a range needs a precision to stop on",
                    "settings.precision: {mean_latency: 5%} beside it, or one number of seconds for fixed cells");
        }
        if (warmUp != null && !"0".equals(yaml.scalar(warmUp, "settings.warm_up").trim())) {
            throw yaml.error(warmUp, "settings.warm_up", "a fixed warm-up beside a precision setting",
                    "no warm_up (or 0): cells that end on precision detect their warm-up (MSER-5)");
        }
        Map<String, Node> given = yaml.mapping(precision, "settings.precision",
                java.util.Arrays.stream(CellPrecision.Statistic.values()).map(CellPrecision.Statistic::word).toList());
        if (given.isEmpty()) {
            throw yaml.error(precision, "settings.precision", "names no statistic",
                    "a mapping of " + CellPrecision.Statistic.validWords() + " to a percentage, e.g. {mean_latency: 5%}");
        }
        Map<CellPrecision.Statistic, BigDecimal> targets = new LinkedHashMap<>();
        for (Map.Entry<String, Node> e : given.entrySet()) {
            String field = "settings.precision." + e.getKey();
            String text = yaml.scalar(e.getValue(), field).trim();
            BigDecimal value = PERCENT.matcher(text).matches() ? new BigDecimal(text.substring(0, text.length() - 1)) : null;
            if (value == null || value.signum() <= 0) {
                throw yaml.error(e.getValue(), field, "'" + text + "' is not a relative half-width", VALID_PERCENT);
            }
            targets.put(CellPrecision.Statistic.byWord(e.getKey()), value.movePointLeft(2));
        }
        return new CellPrecision(min, max, targets);
    }

    private long seconds(Node node, Node range, String field) throws StudyFileException {
        if (node == null) {
            throw yaml.error(range, field, "missing", "both min and max, whole seconds from 1 to " + MAX_SECONDS);
        }
        String text = yaml.scalar(node, field).trim();
        try {
            long v = Long.parseLong(text);
            if (v >= 1 && v <= MAX_SECONDS) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below with the valid range
        }
        throw yaml.error(node, field, "'" + text + "' is not a whole number of seconds in range", "1 to " + MAX_SECONDS);
    }
}
