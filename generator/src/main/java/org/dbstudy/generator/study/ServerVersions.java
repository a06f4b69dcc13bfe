package org.dbstudy.generator.study;

/**
 * Two versions of one server that a paper compared ({@code versions:} in a built-in's reference file), as the
 * {@code --db} words of the servers that stand in for them here: {@code reproduce} runs the study's design on
 * each and compares them, an analogue that {@code analogue} names in words.
 *
 * @param older    the {@code --db} of the older version (the baseline of the comparison)
 * @param newer    the {@code --db} of the newer version
 * @param analogue what stands in for what, and so how far a verdict carries, for the report
 */
public record ServerVersions(String older, String newer, String analogue) {
}
