package org.dbstudy.generator.study;

import java.util.Map;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.Claim;
import org.yaml.snakeyaml.nodes.Node;

/**
 * What the claim kinds best, indistinguishable, knee, significant, label_ratio and monitor need of a claim
 * mapping (docs/claims.md); each mistake names file, line and field and what would be valid.
 */
final class ClaimKindRules {
    private final YamlReader yaml;
    private final Node item;
    private final String field;
    private final Map<String, Node> keys;

    ClaimKindRules(YamlReader yaml, Node item, String field, Map<String, Node> keys) {
        this.yaml = yaml;
        this.item = item;
        this.field = field;
        this.keys = keys;
    }

    /** Checks the kind's keys; the direction a BEST claim states (null for the metric's default, other kinds). */
    Claim.Direction check(Claim.Kind kind, Claim.Metric metric, Map<String, String> a, Map<String, String> b,
            String factor, double low, double high, String label, String versus, String monitor)
            throws StudyFileException {
        switch (kind) {
            case BEST -> {
                need(!a.isEmpty(), "a", "the level(s) claimed best, e.g. a: {interval: \"0.1\", rows: \"2000\"}");
                return bestDirection();
            }
            case INDISTINGUISHABLE -> {
                need(!a.isEmpty() && !b.isEmpty(), a.isEmpty() ? "a" : "b", "a: {factor: level}, b: {factor: level}");
                need(!Double.isNaN(low) && !Double.isNaN(high), Double.isNaN(low) ? "min" : "max",
                        "the band a / b must lie in, both bounds, e.g. min: 0.9, max: 1.1");
                need(low < 1 && high > 1, "min", "a band around 1 (min below 1, max above 1), e.g. min: 0.9, max: 1.1");
            }
            case KNEE -> {
                need(!factor.isEmpty(), "factor", "the ordered factor the knee is on");
                need(a.keySet().equals(java.util.Set.of(factor)), "a", "{" + factor + ": the last flat level}");
                need(b.keySet().equals(java.util.Set.of(factor)) && !b.equals(a), "b",
                        "{" + factor + ": the level past the knee}, another than a's");
                need(!Double.isNaN(high), "max", "the most a's level may be over the first level's (flat), e.g. max: 1.25");
                need(!Double.isNaN(low), "min", "the least b's level is over a's (the rise), e.g. min: 1.25");
            }
            case SIGNIFICANT -> need(!factor.isEmpty(), "factor", "the factor whose levels differ");
            case LABEL_RATIO -> {
                need(!label.isEmpty(), "label", "the label divided, e.g. label: \"UPDATE tellers\"");
                need(!versus.isEmpty(), "versus", "the label it is divided by, inside the same cell");
                need(!Double.isNaN(low) || !Double.isNaN(high), "max", "min, max or both, e.g. min: 0.72, max: 0.92");
            }
            case MONITOR -> {
                need(!monitor.isEmpty(), "monitor", Claim.MonitorFigure.validIds());
                if (Claim.MonitorFigure.byId(monitor) == null) {
                    throw yaml.error(keys.get("monitor"), field + ".monitor", "'" + monitor + "' is not a monitor figure",
                            Claim.MonitorFigure.validIds());
                }
                if (metric == Claim.Metric.THROUGHPUT || metric == Claim.Metric.ERROR_PERCENT) {
                    throw yaml.error(keys.get("metric"), field + ".metric", "'" + metric.id() + "' is not a statistic"
                            + " of a monitor figure over time", "mean, median, p90, p95, p99");
                }
                need(!Double.isNaN(low) || !Double.isNaN(high), "max", "min, max or both, e.g. min: 90");
            }
            default -> throw new IllegalArgumentException(kind + " is checked by ClaimParser");
        }
        return null;
    }

    private Claim.Direction bestDirection() throws StudyFileException {
        if (!keys.containsKey("direction")) {
            return null;
        }
        String d = yaml.scalar(keys.get("direction"), field + ".direction");
        Claim.Direction direction = Claim.Direction.byId(d);
        if (direction != Claim.Direction.HIGHEST && direction != Claim.Direction.LOWEST) {
            throw yaml.error(keys.get("direction"), field + ".direction", "'" + d + "' is not a best level's direction",
                    "highest, lowest (left out: highest for throughput, else lowest)");
        }
        return direction;
    }

    private void need(boolean ok, String key, String valid) throws StudyFileException {
        if (!ok) {
            Node at = keys.getOrDefault(key, item);
            throw yaml.error(at, field + "." + key, keys.containsKey(key) ? "not what a claim of this kind needs"
                    : "missing", valid);
        }
    }
}
