package org.dbstudy.generator;

/** A study shipped with dbstudy, as listed by {@link Studies#builtIns()}. */
public record BuiltInStudy(String name, String description, int cells, long estimatedSeconds) {
}
