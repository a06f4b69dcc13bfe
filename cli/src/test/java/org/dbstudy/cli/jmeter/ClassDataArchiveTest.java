package org.dbstudy.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JMeter class-data archive is named after what it depends on, so a changed home gets a new one. */
class ClassDataArchiveTest {
    @Test
    void theArchiveNameChangesWithTheHomesJarsAndStaysOtherwise(@TempDir Path home) throws Exception {
        Files.createDirectories(home.resolve("lib/ext"));
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/ApacheJMeter.jar"), "launcher");
        Path plugin = Files.writeString(home.resolve("lib/ext/dbstudy-jmeter-plugin.jar"), "v1");
        String before = ClassDataArchive.key(home);
        assertEquals(before, ClassDataArchive.key(home), "same home, same name");
        assertTrue(ClassDataArchive.file(home).getFileName().toString().equals("jmeter-" + before + ".jsa"));
        Files.writeString(plugin, "v2, a rebuilt plugin");
        String after = ClassDataArchive.key(home);
        assertNotEquals(before, after, "a rebuilt jar is another archive");
        assertEquals(before.substring(0, before.indexOf('-')), after.substring(0, after.indexOf('-')),
                "of the same home, so the older one can be told apart and dropped");
    }

    @Test
    void withoutAnArchiveTheJvmGetsNoOption(@TempDir Path home) {
        // A home no run has used: nothing made yet, so JMeter starts as it always did.
        assertEquals(java.util.List.of(), ClassDataArchive.options(home.resolve("never-used")));
    }
}
