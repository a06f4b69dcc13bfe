/**
 * The random distributions the plugin draws from, each defined once: {@link org.dbstudy.jmeter.random.Nurand}
 * (TPC-C's non-uniform random and its constants C, used by the TPC-C procedures and by the sampler's
 * {@code nurand(A, min, max)}) and {@link org.dbstudy.jmeter.random.Zipfian} (the sampler's
 * {@code zipfian(min, max, s)}, Apache Commons RNG's rejection-inversion sampler).
 *
 * <p>May depend on Apache Commons RNG (shipped inside the plugin's jar, relocated) and nothing else of
 * the plugin: the sampler (package root) and the TPC-C packages use it.
 */
package org.dbstudy.jmeter.random;
