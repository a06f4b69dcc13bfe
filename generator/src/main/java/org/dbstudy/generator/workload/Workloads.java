package org.dbstudy.generator.workload;

import java.util.List;

/** The workload templates a study may name. */
public final class Workloads {
    private static final List<Workload> ALL = List.of(new CrudWorkload(), new SchoolWorkload(), new TpcbWorkload(),
            new TpccWorkload(false), new TpccWorkload(true));

    private Workloads() {
    }

    /** The template of this name, or null. */
    public static Workload byName(String name) {
        return ALL.stream().filter(w -> w.name().equals(name)).findFirst().orElse(null);
    }

    public static List<Workload> all() {
        return ALL;
    }

    public static List<String> names() {
        return ALL.stream().map(Workload::name).toList();
    }
}
