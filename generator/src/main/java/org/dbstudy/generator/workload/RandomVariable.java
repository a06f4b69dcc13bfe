package org.dbstudy.generator.workload;

/** A per-thread random integer variable {@code ${name}} from min to max (a RandomVariableConfig). */
public record RandomVariable(String name, long min, long max) {
}
