package org.dbstudy.analysis;

import java.util.List;

/**
 * A figure written next to index.html: its files (PNG first when written, then SVG and PDF), a
 * caption and the report section it belongs to.
 */
record ChartFile(List<String> files, String caption, String section) {
    ChartFile {
        files = List.copyOf(files);
    }

    /** The file the page shows: the PNG, else the first written. */
    String fileName() {
        return files.stream().filter(f -> f.endsWith(".png")).findFirst().orElse(files.get(0));
    }
}
