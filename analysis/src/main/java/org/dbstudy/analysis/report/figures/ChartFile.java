package org.dbstudy.analysis.report.figures;

import java.util.List;

/**
 * A figure written next to index.html: its base name, its files (in PNG, SVG, PDF order, those
 * written), its title, the caption that goes beside it (never inside the image: what the error bars
 * are, which scales, the source) and the report section it belongs to.
 */
public record ChartFile(String baseName, List<String> files, String title, String caption, String section, int width,
                        int height) {
    public ChartFile {
        files = List.copyOf(files);
    }

    /** The file the page links for viewing: the PNG, else the first written. */
    public String fileName() {
        return files.stream().filter(f -> f.endsWith(".png")).findFirst().orElse(files.get(0));
    }

    /** The SVG file, if written. */
    public java.util.Optional<String> svg() {
        return files.stream().filter(f -> f.endsWith(".svg")).findFirst();
    }

    /** Title and caption as one text: "Title. Caption". */
    public String fullCaption() {
        return caption.isEmpty() ? title : title.isEmpty() ? caption : title + ". " + caption;
    }
}
