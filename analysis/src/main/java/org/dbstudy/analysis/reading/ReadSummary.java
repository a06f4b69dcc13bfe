package org.dbstudy.analysis.reading;

import java.nio.file.Path;

/**
 * What reading one file found besides its samples.
 *
 * @param cutOffLine the line where the file was cut off (its incomplete last record), or 0
 * @param badLines   lines skipped as unreadable
 * @param firstBad   the first bad line's message, or null
 * @param timeStamps whether samples carry a timeStamp (a CSV may leave the column out)
 */
public record ReadSummary(Path file, long rows, long cutOffLine, long badLines, String firstBad, boolean timeStamps) {
}
