package org.dbstudy.generator;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.generator.workload.Workload;

/**
 * A checked study as declared: everything {@link CellExpander} and the writers need. Factor names
 * are kept as declared ({@code clients} stays {@code clients}); lines point into {@code source}.
 */
record Design(String source, String name, String description, Workload workload, Map<String, String> parameters,
              List<Target> targets, List<Factor> declaredFactors, Settings settings, int replicates,
              String order, long seed, List<Exclusion> excludes) {

    record Factor(String name, List<String> levels, int line) {
        Factor {
            levels = List.copyOf(levels);
        }
    }

    record Exclusion(Map<String, String> levels, int line) {
    }

    record Settings(long duration, long rampUp, long warmUp, long rest, ConnectionTiming connect) {
    }

    Design {
        parameters = Map.copyOf(parameters);
        targets = List.copyOf(targets);
        declaredFactors = List.copyOf(declaredFactors);
        excludes = List.copyOf(excludes);
    }

    /** The declared factors, with an implicit {@code target} factor first when there are several targets. */
    List<Factor> factors() {
        boolean declared = declaredFactors.stream().anyMatch(f -> f.name().equals(Factors.TARGET));
        if (declared || targets.size() < 2) {
            return declaredFactors;
        }
        List<Factor> out = new ArrayList<>();
        out.add(new Factor(Factors.TARGET, targets.stream().map(Target::name).toList(), 0));
        out.addAll(declaredFactors);
        return out;
    }

    Design withFactors(List<Factor> factors) {
        return new Design(source, name, description, workload, parameters, targets, factors, settings, replicates,
                order, seed, excludes);
    }

    Design withSettings(Settings s) {
        return new Design(source, name, description, workload, parameters, targets, declaredFactors, s, replicates,
                order, seed, excludes);
    }

    Design withTargets(List<Target> t) {
        return new Design(source, name, description, workload, parameters, t, declaredFactors, settings, replicates,
                order, seed, excludes);
    }
}
