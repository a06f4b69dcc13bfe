package org.dbstudy.generator.workload;

/**
 * A per-thread random whole number from min to max: a RandomVariableConfig ({@code ${name}}) when a
 * workload lists it in {@code randomVariables}, or one of the sampler's own random values ({@code :name}).
 */
public record RandomVariable(String name, long min, long max) {
}
