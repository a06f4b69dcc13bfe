package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Analysis runs in stages, one package each, in this order: reading JTL, building cells, statistics, judging claims, adaptive looks,
 * report; {@code Analyzer} and {@code Figures} (the package root) drive them. A stage may use the
 * stages before it, never one after it nor the root. A stage's sub-packages (report's {@code figures}, {@code html}, ...)
 * belong to it.
 */
class StagesTest {
    /** {@code stopping} first: pure functions over a series that the runner uses while a cell runs, using no stage. */
    private static final List<String> STAGES = List.of("stopping", "reading", "cells", "statistics", "judging", "adaptive",
            "report");
    private static final Pattern USE = Pattern.compile("org\\.dbstudy\\.analysis\\.(\\w+)(?:\\.[a-z]\\w*)*\\.[A-Z]|import org\\.dbstudy\\.analysis\\.([A-Z]\\w*);");

    @Test
    void noStageUsesALaterStageOrTheRoot() throws IOException {
        Path main = Path.of("src/main/java/org/dbstudy/analysis");
        List<String> backwards = new ArrayList<>();
        int files = 0;
        for (String stage : STAGES) {
            try (Stream<Path> sources = Files.walk(main.resolve(stage))) {
                for (Path f : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    files++;
                    Matcher m = USE.matcher(Files.readString(f, StandardCharsets.UTF_8));
                    while (m.find()) {
                        String used = m.group(1) != null ? m.group(1) : "(root)";
                        if (!STAGES.contains(used) || STAGES.indexOf(used) > STAGES.indexOf(stage)) {
                            backwards.add(stage + "/" + f.getFileName() + " uses " + used);
                        }
                    }
                }
            }
        }
        assertTrue(files > 40, "found only " + files + " stage sources");
        assertEquals(List.of(), backwards);
    }
}
