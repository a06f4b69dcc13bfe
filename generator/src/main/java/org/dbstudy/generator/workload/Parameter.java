package org.dbstudy.generator.workload;

/** A template parameter: its name, default, what it may be and what it does (for docs and errors). */
public record Parameter(String name, String defaultValue, LevelRule rule, String description) {
}
