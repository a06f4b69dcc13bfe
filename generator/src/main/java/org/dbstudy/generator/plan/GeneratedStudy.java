package org.dbstudy.generator.plan;

import java.nio.file.Path;
import java.util.List;

/** What {@link PlanGenerator#write} wrote: the manifest and the plans in run order. */
public record GeneratedStudy(Path manifest, List<Path> plans) {
    public GeneratedStudy {
        plans = List.copyOf(plans);
    }
}
