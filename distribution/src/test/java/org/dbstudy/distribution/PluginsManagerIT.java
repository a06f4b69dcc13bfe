package org.dbstudy.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A JMeter user's way in: a stock JMeter 5.6.3 home with the Plugins Manager (from Maven Central)
 * installs dbstudy from the descriptor this build writes, offline, with {@code PluginsManagerCMD},
 * then runs a generated plan with {@code jmeter -n}.
 */
class PluginsManagerIT {

    @Test
    void pluginsManagerInstallsThePluginAndItsDriversAndAPlanRuns(@TempDir Path dir) throws Exception {
        Path home = Release.stockJMeter(dir);
        Path pmJar = Path.of(System.getProperty("pm.jar"));
        Files.copy(pmJar, home.resolve("lib/ext").resolve(pmJar.getFileName()));
        Path cmdrunner = Path.of(System.getProperty("cmdrunner.jar"));
        Files.copy(cmdrunner, home.resolve("lib").resolve(cmdrunner.getFileName()));
        // The manager reads its settings from jmeter.properties. The descriptor is a file, so nothing is
        // fetched over the network and no usage statistics are sent; say so anyway.
        Path descriptor = Path.of(System.getProperty("dbstudy.pm.descriptor"));
        Files.writeString(home.resolve("bin/jmeter.properties"),
                "\njpgc.repo.sendstats=false\njpgc.repo.address=" + descriptor + "\n", StandardOpenOption.APPEND);

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Command.of(home, java, "-cp", "lib/ext/" + pmJar.getFileName(), "org.jmeterplugins.repository.PluginManagerCMDInstaller")
                .succeed(60);
        Path cmd = home.resolve("bin/PluginsManagerCMD.sh");
        assertTrue(Files.isExecutable(cmd), "PluginManagerCMDInstaller wrote no " + cmd);

        // A proxy that refuses: were the manager to reach for the network, it would fail at once, not hang.
        Map<String, String> offline = Map.of("JVM_ARGS", "-Dhttp.proxyHost=127.0.0.1 -Dhttp.proxyPort=9 "
                + "-Dhttps.proxyHost=127.0.0.1 -Dhttps.proxyPort=9", "JAVA_HOME", System.getProperty("java.home"));
        String out = Command.of(home, "sh", cmd.toString(), "install", "dbstudy").withEnv(offline).succeed(120);
        assertTrue(out.contains("Plugins manager will apply some modifications"), out);

        // The manager moves the jars into place from a process of its own, after the command returns.
        String plugin = "dbstudy-jmeter-plugin-" + Release.version() + ".jar";
        List<Path> expected = List.of(home.resolve("lib/ext").resolve(plugin),
                home.resolve("lib/postgresql-42.7.4.jar"), home.resolve("lib/mariadb-java-client-3.4.1.jar"),
                home.resolve("lib/mysql-connector-j-8.4.0.jar"));
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!expected.stream().allMatch(Files::isRegularFile) && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        for (Path jar : expected) {
            assertTrue(Files.isRegularFile(jar), jar + " not installed; lib/ext: " + names(home.resolve("lib/ext")));
        }
        assertEquals(List.of("lib/ext/" + plugin), Release.jarsWith(home, "org/dbstudy/jmeter/TransactionSampler.class"));
        String status = Command.of(home, "sh", cmd.toString(), "status").withEnv(offline).succeed(120);
        assertTrue(status.contains("dbstudy=" + Release.version()), status);

        // A smoke cell rendered by the release's own bin/dbstudy, run by this JMeter alone.
        Path plans = dir.resolve("plans");
        Command.of(dir, Release.unpacked().resolve("bin/dbstudy").toString(), "generate", "--study", "smoke",
                "--set", "operation=read", "--set", "users=2", "--duration", "3", "--db", "postgres", "--out", plans.toString())
                .succeed(120);
        Path plan;
        try (Stream<Path> files = Files.list(plans.resolve("plans"))) {
            plan = files.filter(p -> p.toString().endsWith(".jmx")).findFirst().orElseThrow();
        }
        DatabaseEndpoint db = TestDatabases.postgres();
        Path props = Release.dbProperties(dir, db.url(), db.user(), db.password());
        Path jtl = dir.resolve("out.jtl");
        Command.of(home, java, "-jar", "bin/ApacheJMeter.jar", "-n", "-t", plan.toString(), "-l", jtl.toString(),
                "-j", dir.resolve("jmeter.log").toString(), "-q", props.toString()).succeed(300);
        Jtl read = Jtl.read(jtl, "read");
        assertTrue(read.succeeded() > 0 && read.failed() == 0, "read samples: " + read + " on " + db);
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
