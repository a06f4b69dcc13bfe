/**
 * Study files and the built-in studies: {@link org.dbstudy.generator.study.Studies} loads a built-in
 * (YAML resources next to it, {@code studies/}, and the template studies in {@code templates/}) or a file,
 * {@code StudyParser} checks it key by key on snakeyaml's node tree ({@code YamlReader}, {@code DesignParser}
 * for {@code design:}, {@code ClaimParser} for {@code expect} and a paper's claims, {@code PrecisionParser} for cells that
 * end on precision: {@code settings.duration: {min, max}} with {@code settings.precision}), and
 * {@code ReferenceFile} adds a built-in's paper ({@code <study>.reference.yaml}; {@code studies/findings.csv}
 * lists the published findings, each with one entry in them, docs/claims.md); {@code QuickDesign} reads a
built-in's reduced design for {@code reproduce --quick} ({@code <study>.quick.yaml}). The result is a
 * {@link org.dbstudy.generator.study.Study}: checked, immutable, its cells expanded, with the overrides
 * of the command line ({@code --set}, {@code --duration}, a dialect, a connection) giving new studies.
 * {@link org.dbstudy.generator.study.StudyEstimate} is the one estimate of a study's wall time, its
 * constants measured.
 *
 * <p>May use: {@link org.dbstudy.generator.design}, {@link org.dbstudy.generator.workload},
 * {@link org.dbstudy.generator.sql}, the vocabulary, the plugin's connection scope, snakeyaml. Not the plans.
 */
package org.dbstudy.generator.study;
