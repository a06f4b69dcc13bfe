/**
 * Stage 5 of analysis, report: everything written into the output directory, in sub-packages that use
 * each other in one direction only, {@code format} ← {@code validity} ← {@code figures} ← {@code files} ←
 * {@code html}:
 * <ul>
 * <li>{@link org.dbstudy.analysis.report.format}: numbers for files and page ({@code Fmt}), the HTML builder;</li>
 * <li>{@link org.dbstudy.analysis.report.validity}: each cell's verdict on whether it measured what it names;</li>
 * <li>{@link org.dbstudy.analysis.report.figures}: the figures, drawn, saved and captioned;</li>
 * <li>{@link org.dbstudy.analysis.report.files}: the CSV files at full precision, {@code README.txt}, the
 * environment files read back;</li>
 * <li>{@link org.dbstudy.analysis.report.html}: {@code index.html} and its sections, which alone round
 * numbers for display.</li>
 * </ul>
 * Uses every earlier stage; this package itself holds no classes.
 */
package org.dbstudy.analysis.report;
