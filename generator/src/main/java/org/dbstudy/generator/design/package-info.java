/**
 * A study as declared and the cells it runs: {@link org.dbstudy.generator.design.Design} (workload,
 * targets, factors and levels, settings with {@code Arrival} and {@code ConnectionTiming}, exclusions,
 * server settings, claims), the {@link org.dbstudy.generator.design.CellDesign}s that choose the
 * combinations ({@code FullFactorial}, {@code OneFactorAtATime}, {@code FractionalFactorial} with the
 * {@code MinimumAberration} table), {@code CellExpander} that makes them into uniquely named
 * {@link org.dbstudy.generator.design.Cell}s, {@code ServerOrder} that interleaves configuration blocks
 * by replicate, the factor names and level rules ({@code Factors}), the catalog of server settings
 * ({@link org.dbstudy.generator.design.ServerSettings}) and {@link org.dbstudy.generator.design.Target}.
 * Its checks fail with a {@link org.dbstudy.generator.design.StudyFileException} (file, line, field, what
 * is valid), because command-line overrides change a design after its file was read.
 *
 * <p>May use: {@link org.dbstudy.generator.workload}, {@link org.dbstudy.generator.sql}, the vocabulary
 * and the plugin's sampler fields and connection scope. Knows nothing of YAML or of plans.
 */
package org.dbstudy.generator.design;
