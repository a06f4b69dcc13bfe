package org.dbstudy.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.dbstudy.cli.failure.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Choosing the Java that runs JMeter: a JDK folder or a launcher, its version read and checked. */
class JMeterJavaTest {

    @Test
    void aJdkFolderOrItsLauncherGiveTheSameJava() {
        Path jdk = Path.of(System.getProperty("java.home"));
        JMeterJava byFolder = JMeterJava.at(jdk, "--jmeter-java " + jdk);
        JMeterJava byLauncher = JMeterJava.at(jdk.resolve("bin/java"), "--jmeter-java " + jdk.resolve("bin/java"));
        assertEquals(byFolder, byLauncher);
        assertEquals(Runtime.version().feature(), byFolder.feature());
        assertTrue(byFolder.description().contains(Integer.toString(Runtime.version().feature())), byFolder.description());
    }

    @Test
    void aFolderWithoutJavaIsNamedWithWhatWouldBeValid(@TempDir Path dir) {
        UserError e = assertThrows(UserError.class, () -> JMeterJava.at(dir, "--jmeter-java " + dir));
        assertTrue(e.getMessage().startsWith("--jmeter-java " + dir + ": no java launcher there; give a Java 17 or newer"),
                e.getMessage());
    }

    @Test
    void aJavaOlderThanThePluginIsRefusedBeforeAnyCell(@TempDir Path dir) throws Exception {
        Path jdk = fakeJdk(dir, "echo never run");
        Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"Some Vendor\"\nJAVA_VERSION=\"11.0.22\"\n");
        UserError e = assertThrows(UserError.class, () -> JMeterJava.at(jdk, "DBSTUDY_JMETER_JAVA=" + jdk));
        assertEquals("DBSTUDY_JMETER_JAVA=" + jdk + ": that is Java 11.0.22; JMeter with dbstudy's plugin needs Java 17 or newer",
                e.getMessage());
    }

    @Test
    void withoutAReleaseFileTheLauncherIsAsked(@TempDir Path dir) throws Exception {
        // What `java -XshowSettings:properties -version` prints (to stderr), shortened.
        Path jdk = fakeJdk(dir, "printf 'Property settings:\\n    java.vendor = Example Corp\\n    java.version = 21.0.5\\n' >&2");
        JMeterJava java = JMeterJava.at(jdk.resolve("bin/java"), "--jmeter-java");
        assertEquals(21, java.feature());
        assertEquals("Example Corp 21.0.5", java.description());
    }

    @Test
    void featureReleasesOfOldAndNewVersionStrings() {
        assertEquals(25, JMeterJava.feature("25.0.3"));
        assertEquals(17, JMeterJava.feature("17"));
        assertEquals(8, JMeterJava.feature("1.8.0_402"));
        assertEquals(0, JMeterJava.feature("unknown"));
    }

    @Test
    void theHomesCommandStartsWithTheChosenJava(@TempDir Path dir) throws Exception {
        JMeterJava other = new JMeterJava(dir.resolve("jdk/bin/java"), 25, "Example 25");
        JMeterHome chosen = JMeterHome.locate(JMeterHome.bundled().orElseThrow(), false, other);
        assertEquals(other.executable().toString(), chosen.command().get(0));
        assertEquals(other, chosen.java());
    }

    private static Path fakeJdk(Path dir, String script) throws Exception {
        Path jdk = Files.createDirectories(dir.resolve("jdk"));
        Path java = Files.createDirectories(jdk.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n" + script + "\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return jdk;
    }
}
