/**
 * What dbstudy's modules tell each other, defined once: the {@link org.dbstudy.vocabulary.DatabaseKind}
 * of a target, the {@link org.dbstudy.vocabulary.Outcome} classes and the one
 * {@link org.dbstudy.vocabulary.OutcomeClassifier} for SQLState and vendor codes, isolation level names,
 * the names of the factors several modules read ({@link org.dbstudy.vocabulary.FactorNames}),
 * the label rules of result files ({@link org.dbstudy.vocabulary.SampleLabels}), the sampler's per-sample
 * variables written as JTL columns ({@link org.dbstudy.vocabulary.SampleVariables}: intendedStart), the columns of
 * {@code manifest.csv} and {@code server-journal.csv} (with the {@link org.dbstudy.vocabulary.DesignColumn}
 * that tells the analysis which design the cells come from, and the
 * {@link org.dbstudy.vocabulary.FractionalDesign} arithmetic both sides share: defining relation,
 * resolution, alias chains), the layout of a run folder and a cell's file names in it
 * ({@link org.dbstudy.vocabulary.RunFolder}), monitor addresses and URL redaction, and how long cells run
 * ({@link org.dbstudy.vocabulary.CellPrecision}: fixed, or until precise between a minimum and a maximum). The file formats the modules
 * hand each other are in {@code files}, which this package may use and which uses nothing of it.
 *
 * <p>It sits at the bottom of the dependency graph and may use the JDK only. The JMeter plugin ships
 * these classes inside its own jar, so {@code lib/ext} still takes one jar.
 */
package org.dbstudy.vocabulary;
