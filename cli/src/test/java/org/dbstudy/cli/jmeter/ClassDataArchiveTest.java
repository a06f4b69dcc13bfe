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
        JMeterJava java = JMeterJava.current();
        String before = ClassDataArchive.key(home, java);
        assertEquals(before, ClassDataArchive.key(home, java), "same home, same name");
        assertTrue(ClassDataArchive.file(home, java).getFileName().toString().equals("jmeter-" + before + ".jsa"));
        Files.writeString(plugin, "v2, a rebuilt plugin");
        String after = ClassDataArchive.key(home, java);
        assertNotEquals(before, after, "a rebuilt jar is another archive");
        assertEquals(before.substring(0, before.lastIndexOf('-')), after.substring(0, after.lastIndexOf('-')),
                "of the same home and Java, so the older one can be told apart and dropped");
    }

    @Test
    void anotherJavaForJMeterIsAnotherArchiveOfTheSameHome(@TempDir Path home) throws Exception {
        Files.createDirectories(home.resolve("lib/ext"));
        JMeterJava running = JMeterJava.current();
        JMeterJava other = new JMeterJava(home.resolve("jdk-25/bin/java"), 25, "Eclipse Adoptium 25.0.3");
        String a = ClassDataArchive.key(home, running);
        String b = ClassDataArchive.key(home, other);
        assertNotEquals(a, b, "an archive is made by one JVM and only that JVM can map it");
        assertEquals(a.substring(0, a.indexOf('-')), b.substring(0, b.indexOf('-')), "the same home");
        assertNotEquals(a.substring(0, a.lastIndexOf('-')), b.substring(0, b.lastIndexOf('-')),
                "so making one does not drop the other: a study on each JDK keeps its archive");
    }

    @Test
    void withoutAnArchiveTheJvmGetsNoOption(@TempDir Path home) {
        // A home no run has used: nothing made yet, so JMeter starts as it always did.
        assertEquals(java.util.List.of(), ClassDataArchive.options(home.resolve("never-used"), JMeterJava.current()));
    }
}
