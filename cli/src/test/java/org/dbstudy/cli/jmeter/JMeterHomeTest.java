package org.dbstudy.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.dbstudy.cli.failure.UserError;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Picking a JMeter home, and running with one that has no dbstudy plugin without changing it. */
class JMeterHomeTest {

    @Test
    void aDirectoryThatIsNotAJMeterHomeIsNamedInTheError(@TempDir Path dir) {
        UserError e = assertThrows(UserError.class, () -> JMeterHome.locate(dir, false));
        assertTrue(e.getMessage().startsWith("--jmeter-home " + dir + ": no bin/ApacheJMeter.jar"), e.getMessage());
    }

    @Test
    void aHomeWithoutThePluginGetsItOnUserClasspathAndIsLeftAsItWas(@TempDir Path dir) throws IOException {
        Path home = stockHome(dir);
        List<String> before = listing(home);

        JMeterHome chosen = JMeterHome.locate(home, false);
        List<String> args = chosen.jmeterArgs();

        String classpath = args.stream().filter(a -> a.startsWith("-Juser.classpath=")).findFirst().orElseThrow();
        List<String> entries = List.of(classpath.substring("-Juser.classpath=".length()).split(File.pathSeparator));
        assertEquals(PluginJars.ALL.stream().map(j -> j.source().toString()).toList(), entries);
        assertTrue(args.stream().anyMatch(a -> a.startsWith("-Jsearch_paths=" + PluginJars.PLUGIN.source())), args.toString());
        // dbstudy's JTL settings come from the bundled home's user.properties, not from this home's.
        int q = args.indexOf("-q");
        assertTrue(q >= 0 && args.get(q + 1).endsWith("user.properties") && !args.get(q + 1).startsWith(home.toString()), args.toString());
        assertEquals(before, listing(home));
        // No UDP control port, last so that no properties file of the user's home turns it on again.
        assertEquals(JMeterHome.NO_CONTROL_PORT, args.get(args.size() - 1));
        // environment.json names the drivers JMeter loads, also when they are passed to it.
        assertEquals(List.of("mariadb-java-client-3.4.1.jar", "mysql-connector-j-8.4.0.jar", "postgresql-42.7.4.jar"),
                chosen.driverJars());
    }

    @Test
    void theHomesOwnUserClasspathIsKept(@TempDir Path dir) throws IOException {
        Path home = stockHome(dir);
        Files.writeString(home.resolve("bin/user.properties"), "user.classpath=/opt/mine.jar\n");
        String classpath = JMeterHome.locate(home, false).jmeterArgs().stream()
                .filter(a -> a.startsWith("-Juser.classpath=")).findFirst().orElseThrow();
        assertTrue(classpath.startsWith("-Juser.classpath=/opt/mine.jar" + File.pathSeparator), classpath);
    }

    @Test
    void installPluginCopiesThePluginToLibExtAndTheDriversToLib(@TempDir Path dir) throws IOException {
        Assumptions.assumeTrue(Files.isRegularFile(PluginJars.PLUGIN.source()),
                "the plugin comes from " + PluginJars.PLUGIN.source() + " in this build (no jar before 'package'), nothing to copy");
        Path home = stockHome(dir);
        JMeterHome chosen = JMeterHome.locate(home, true);
        assertTrue(Files.isRegularFile(home.resolve("lib/ext").resolve(PluginJars.PLUGIN.source().getFileName())));
        for (PluginJars.Jar jar : PluginJars.ALL) {
            assertTrue(jar.in(home).isPresent(), jar.prefix() + " not installed");
        }
        assertFalse(chosen.jmeterArgs().stream().anyMatch(a -> a.startsWith("-Juser.classpath")), chosen.jmeterArgs().toString());
        assertTrue(PluginJars.missingFrom(home).isEmpty());
    }

    /** A JMeter home shaped like a stock one: the bundled launcher, an empty lib/ext, no drivers. */
    static Path stockHome(Path dir) throws IOException {
        Path bundled = JMeterHome.bundled().orElseThrow();
        Path home = dir.resolve("jmeter");
        Files.createDirectories(home.resolve("bin"));
        Files.createDirectories(home.resolve("lib/ext"));
        Files.copy(bundled.resolve("bin/ApacheJMeter.jar"), home.resolve("bin/ApacheJMeter.jar"));
        Files.writeString(home.resolve("bin/user.properties"), "# stock\n");
        return home;
    }

    private static List<String> listing(Path home) throws IOException {
        try (Stream<Path> files = Files.walk(home)) {
            return files.map(p -> home.relativize(p).toString()).sorted().toList();
        }
    }
}
