package org.dbstudy.analysis;

/** A chart written next to index.html: its file name, a caption and the report section it belongs to. */
record ChartFile(String fileName, String caption, String section) {
}
