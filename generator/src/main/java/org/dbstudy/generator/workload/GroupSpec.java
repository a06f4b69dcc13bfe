package org.dbstudy.generator.workload;

/** A thread group beside the users: its name, thread count and sampler. */
public record GroupSpec(String name, int threads, SamplerSpec sampler) {
}
