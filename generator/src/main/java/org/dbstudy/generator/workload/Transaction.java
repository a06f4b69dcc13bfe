package org.dbstudy.generator.workload;

import java.util.Set;
import org.dbstudy.jmeter.SamplerField;

/**
 * One transaction of the users' mix: its sampler (labelled with the transaction's name), its weight, and
 * the sampler fields it fixes itself ({@code ISOLATION_LEVEL}, {@code LOCK_NAME}), which the factors every
 * workload shares ({@code isolation}, {@code lock}) then leave alone.
 */
public record Transaction(SamplerSpec sampler, int weight, Set<SamplerField> fixed) {
}
