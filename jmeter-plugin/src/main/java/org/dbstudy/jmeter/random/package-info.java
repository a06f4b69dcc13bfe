/**
 * The random distributions the plugin draws from, each defined once: {@link org.dbstudy.jmeter.random.Nurand}
 * (TPC-C's non-uniform random and its constants C, used by the TPC-C procedures and by the sampler's
 * {@code nurand(A, min, max)}).
 *
 * <p>Depends on nothing else of the plugin: the sampler (package root) and the TPC-C packages use it.
 */
package org.dbstudy.jmeter.random;
