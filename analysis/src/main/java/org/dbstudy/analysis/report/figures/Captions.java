package org.dbstudy.analysis.report.figures;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * {@code captions.txt}: every figure's caption, for a paper's figure environment, since captions are
 * never drawn into the images. One block per figure: its files on one line, the caption on the next,
 * a blank line. Writing again replaces the blocks of figures drawn anew and keeps the others, so
 * {@code dbstudy figure} adds to the report's file.
 */
public final class Captions {
    public static final String FILE = ReportFiles.CAPTIONS;

    private Captions() {
    }

    public static void write(Path dir, List<ChartFile> figures) throws IOException {
        Path file = dir.resolve(FILE);
        Map<String, String> blocks = new LinkedHashMap<>();
        if (Files.isRegularFile(file)) {
            for (String block : Files.readString(file, StandardCharsets.UTF_8).split("\n\n")) {
                String key = block.strip().split("\n", 2)[0].split(" ", 2)[0];
                if (!key.isEmpty()) {
                    blocks.put(key.substring(0, key.lastIndexOf('.') < 0 ? key.length() : key.lastIndexOf('.')), block.strip());
                }
            }
        }
        for (ChartFile f : figures) {
            blocks.put(f.baseName(), String.join(" ", f.files()) + "\n" + f.fullCaption());
        }
        List<String> out = new ArrayList<>(blocks.values());
        Files.writeString(file, String.join("\n\n", out) + "\n", StandardCharsets.UTF_8);
    }
}
