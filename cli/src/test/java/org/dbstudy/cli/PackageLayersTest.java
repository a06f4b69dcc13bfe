package org.dbstudy.cli;

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
 * The module's packages in layers, each using only the ones before it: the two kinds of failure, the
 * JMeter home, the database server, a cell on several agents, running a study, the commands ({@code org.dbstudy.cli} itself, written
 * "" here), then {@code mvn verify}'s main job. So no package uses, even through others, one that uses
 * it (issue 28).
 */
class PackageLayersTest {
    private static final List<String> LAYERS = List.of("failure", "jmeter", "server", "agents", "run", "", "maven");
    private static final Pattern USE = Pattern.compile("org\\.dbstudy\\.cli\\.(?:([a-z]\\w*)\\.)?[A-Z]");

    @Test
    void noPackageUsesALaterOne() throws IOException {
        Path main = Path.of("src/main/java/org/dbstudy/cli");
        List<String> backwards = new ArrayList<>();
        int files = 0;
        for (String layer : LAYERS) {
            try (Stream<Path> sources = Files.list(main.resolve(layer))) {
                for (Path f : sources.filter(p -> p.toString().endsWith(".java")).toList()) {
                    files++;
                    Matcher m = USE.matcher(Files.readString(f, StandardCharsets.UTF_8));
                    while (m.find()) {
                        String used = m.group(1) != null ? m.group(1) : "";
                        if (!LAYERS.contains(used) || LAYERS.indexOf(used) > LAYERS.indexOf(layer)) {
                            backwards.add(layer + "/" + f.getFileName() + " uses " + (used.isEmpty() ? "(root)" : used));
                        }
                    }
                }
            }
        }
        assertTrue(files > 50, "found only " + files + " main sources");
        assertEquals(List.of(), backwards);
    }
}
