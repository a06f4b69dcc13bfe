package org.dbstudy.generator.workload;

/**
 * One transaction of the users' mix: its sampler (labelled with the transaction's name), its weight, and
 * whether it fixes its own isolation level (then the {@code isolation} factor leaves it alone).
 */
public record Transaction(SamplerSpec sampler, int weight, boolean ownIsolation) {
}
