package org.dbstudy.generator.study;

/**
 * A study shipped with dbstudy, as listed by {@link Studies#builtIns()}: its distinct cells, how many
 * times each runs ({@code replicates}), and the runs that makes (what a run's progress counts), and the study itself (for its {@link StudyEstimate}).
 */
public record BuiltInStudy(String name, String description, int cells, int replicates, int runs, Study study) {
}
