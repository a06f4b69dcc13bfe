package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.vocabulary.CellPrecision;
import org.dbstudy.vocabulary.Claim;

/**
 * A checked study as declared: everything {@link CellExpander} and the writers need. Factor names
 * are kept as declared ({@code clients} stays {@code clients}); lines point into {@code source}.
 */
public record Design(String source, String name, String description, Workload workload, Map<String, String> parameters,
              List<Target> targets, List<Factor> declaredFactors, Settings settings, int replicates,
              String order, long seed, List<Exclusion> excludes, Map<String, String> serverSettings,
              CellDesign cellDesign, List<Claim> claims) {

    public record Factor(String name, List<String> levels, int line) {
        public Factor {
            levels = List.copyOf(levels);
        }
    }

    public record Exclusion(Map<String, String> levels, int line) {
    }

    /**
     * {@code prime}: rolled-back, unmeasured runs of the users' statements on each new connection ({@code settings.prime});
     * {@code precision}: {@link CellPrecision#FIXED}, or cells that end on precision, whose {@code duration} is then
     * the maximum (the plan's window; the runner stops JMeter sooner).
     */
    public record Settings(long duration, long rampUp, long warmUp, long rest, Arrival arrival, ConnectionTiming connect,
                    int prime, boolean coCorrection, CellPrecision precision) {
        /** The default of {@code settings.prime}: the sampler's own default, and why, is {@link SamplerField#PRIME}. */
        public static final int DEFAULT_PRIME = Integer.parseInt(SamplerField.PRIME.initial());

        public Settings {
            java.util.Objects.requireNonNull(precision, "precision");
        }

        /** Cells of a fixed length. */
        public Settings(long duration, long rampUp, long warmUp, long rest, Arrival arrival, ConnectionTiming connect,
                        int prime, boolean coCorrection) {
            this(duration, rampUp, warmUp, rest, arrival, connect, prime, coCorrection, CellPrecision.FIXED);
        }

        /** With the defaults: users' starts spread over the first interval, a constant timer, connected and primed before measuring. */
        public Settings(long duration, long rampUp, long warmUp, long rest) {
            this(duration, rampUp, warmUp, rest, Arrival.DEFAULT, ConnectionTiming.BEFORE_FIRST_SAMPLE, DEFAULT_PRIME, false);
        }

        /** Cells of {@code seconds} each, fixed: {@code --duration} replaces a precision setting too. */
        public Settings withDuration(long seconds) {
            return new Settings(seconds, rampUp, warmUp, rest, arrival, connect, prime, coCorrection, CellPrecision.FIXED);
        }

        public Settings withRest(long seconds) {
            return new Settings(duration, rampUp, warmUp, seconds, arrival, connect, prime, coCorrection, precision);
        }
    }

    public Design {
        parameters = Map.copyOf(parameters);
        targets = List.copyOf(targets);
        declaredFactors = List.copyOf(declaredFactors);
        excludes = List.copyOf(excludes);
        // Declared order, kept: study.yaml writes them back as given.
        serverSettings = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(serverSettings));
        java.util.Objects.requireNonNull(cellDesign, "cellDesign");
        claims = List.copyOf(claims);
    }

    /** A design without claims. */
    Design(String source, String name, String description, Workload workload, Map<String, String> parameters,
           List<Target> targets, List<Factor> declaredFactors, Settings settings, int replicates, String order,
           long seed, List<Exclusion> excludes, Map<String, String> serverSettings, CellDesign cellDesign) {
        this(source, name, description, workload, parameters, targets, declaredFactors, settings, replicates, order,
                seed, excludes, serverSettings, cellDesign, List.of());
    }

    /** A full-factorial design. */
    Design(String source, String name, String description, Workload workload, Map<String, String> parameters,
           List<Target> targets, List<Factor> declaredFactors, Settings settings, int replicates, String order,
           long seed, List<Exclusion> excludes, Map<String, String> serverSettings) {
        this(source, name, description, workload, parameters, targets, declaredFactors, settings, replicates, order,
                seed, excludes, serverSettings, CellDesign.FULL_FACTORIAL);
    }

    /** A design that fixes no server setting. */
    public Design(String source, String name, String description, Workload workload, Map<String, String> parameters,
           List<Target> targets, List<Factor> declaredFactors, Settings settings, int replicates, String order,
           long seed, List<Exclusion> excludes) {
        this(source, name, description, workload, parameters, targets, declaredFactors, settings, replicates, order,
                seed, excludes, Map.of(), CellDesign.FULL_FACTORIAL);
    }

    /** The declared factors, with an implicit {@code target} factor first when there are several targets. */
    public List<Factor> factors() {
        boolean declared = declaredFactors.stream().anyMatch(f -> f.name().equals(Factors.TARGET));
        if (declared || targets.size() < 2) {
            return declaredFactors;
        }
        List<Factor> out = new ArrayList<>();
        out.add(new Factor(Factors.TARGET, targets.stream().map(Target::name).toList(), 0));
        out.addAll(declaredFactors);
        return out;
    }

    /**
     * The design with these factors. Exclusions naming a level (or factor) no longer there are dropped:
     * they exclude nothing, and study.yaml must load back (a level it names must be declared).
     */
    public Design withFactors(List<Factor> factors) {
        Design d = new Design(source, name, description, workload, parameters, targets, factors, settings, replicates,
                order, seed, excludes, serverSettings, cellDesign, claims);
        List<Factor> all = d.factors();
        List<Exclusion> kept = excludes.stream().filter(x -> x.levels().entrySet().stream().allMatch(e -> all.stream()
                .anyMatch(f -> f.name().equals(e.getKey()) && f.levels().contains(e.getValue())))).toList();
        return new Design(source, name, description, workload, parameters, targets, factors, settings, replicates,
                order, seed, kept, serverSettings, cellDesign, claims);
    }

    public Design withSettings(Settings s) {
        return new Design(source, name, description, workload, parameters, targets, declaredFactors, s, replicates,
                order, seed, excludes, serverSettings, cellDesign, claims);
    }

    public Design withReplicates(int n) {
        return new Design(source, name, description, workload, parameters, targets, declaredFactors, settings, n,
                order, seed, excludes, serverSettings, cellDesign, claims);
    }

    /** The design with these claims (a built-in study's paper findings added to its own expectations). */
    public Design withClaims(List<Claim> c) {
        return new Design(source, name, description, workload, parameters, targets, declaredFactors, settings, replicates,
                order, seed, excludes, serverSettings, cellDesign, c);
    }

    public Design withTargets(List<Target> t) {
        return new Design(source, name, description, workload, parameters, t, declaredFactors, settings, replicates,
                order, seed, excludes, serverSettings, cellDesign, claims);
    }
}
