package org.dbstudy.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/examples/jmeter-maven: a standalone project whose {@code mvn verify} runs a smoke cell with
 * jmeter-maven-plugin, the dbstudy plugin taken by its coordinates from the local repository.
 */
class JMeterMavenExampleIT {
    private static final String PLAN = "read-users2-rows50-interval0.05.jmx";

    @Test
    void theExamplesPlanIsWhatTheGeneratorRendersToday(@TempDir Path dir) throws Exception {
        // The command in the example's README.
        Command.of(dir, Release.unpacked().resolve("bin/dbstudy").toString(), "generate", "--study", "smoke",
                "--set", "operation=read", "--set", "users=2", "--duration", "5", "--db", "postgres", "--out", "smoke").succeed(120);
        assertEquals(Files.readString(dir.resolve("smoke/plans").resolve(PLAN)),
                Files.readString(example().resolve("src/test/jmeter").resolve(PLAN)),
                "docs/examples/jmeter-maven/src/test/jmeter/" + PLAN + " is stale: regenerate it as its README says");
    }

    @Test
    void mvnVerifyRunsTheSmokeCellWithThePluginTakenByCoordinates(@TempDir Path dir) throws Exception {
        Path project = dir.resolve("example");
        Release.copyTree(example(), project);
        Path repo = localRepositoryWithThePlugin(dir.resolve("repository"));
        DatabaseEndpoint db = TestDatabases.postgres();
        String mvn = Path.of(System.getProperty("maven.home"), "bin", "mvn").toString();
        String out = Command.of(project, mvn, "-B", "-nsu", "verify", "-Dmaven.repo.local=" + repo,
                        "-Ddb.url=" + db.url(), "-Ddb.user=" + db.user())
                .withEnv(Map.of("JAVA_HOME", System.getProperty("java.home")))
                .succeed(600);
        Path jmeter;
        try (Stream<Path> dirs = Files.list(project.resolve("target"))) {
            jmeter = dirs.map(d -> d.resolve("jmeter")).filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertTrue(Files.isRegularFile(jmeter.resolve("lib/ext/dbstudy-jmeter-plugin-" + Release.version() + ".jar")), out);
        // Transitive dependencies stayed out: no logback from the MariaDB driver's pom.
        assertEquals(List.of(), Release.jarsWith(jmeter.resolve("lib"), "ch/qos/logback/"));
        Jtl read = Jtl.read(project.resolve("target/jmeter/results/" + PLAN.replace(".jmx", ".csv")), "read");
        assertTrue(read.succeeded() > 0 && read.failed() == 0, read + " on " + db + "\n" + out);
    }

    private static Path example() {
        return Path.of(System.getProperty("dbstudy.checkout"), "docs/examples/jmeter-maven");
    }

    /**
     * The build's local repository, seen through links, plus this build's plugin and parent pom
     * installed in the repository layout: what {@code mvn install} gives a user, without writing
     * this build's SNAPSHOT into the shared local repository.
     */
    private static Path localRepositoryWithThePlugin(Path repo) throws IOException {
        Path shared = Path.of(System.getProperty("maven.local.repository"));
        Files.createDirectories(repo.resolve("org"));
        link(shared, repo, "org");
        link(shared.resolve("org"), repo.resolve("org"), "dbstudy");
        String v = Release.version();
        Path plugin = repo.resolve("org/dbstudy/dbstudy-jmeter-plugin").resolve(v);
        Path parent = repo.resolve("org/dbstudy/dbstudy-parent").resolve(v);
        Files.createDirectories(plugin);
        Files.createDirectories(parent);
        Path checkout = Path.of(System.getProperty("dbstudy.checkout"));
        Files.copy(Path.of(System.getProperty("plugin.jar")), plugin.resolve("dbstudy-jmeter-plugin-" + v + ".jar"));
        // The pom mvn install installs: the shaded vocabulary is no dependency of the published jar.
        Files.copy(checkout.resolve("jmeter-plugin/target/dependency-reduced-pom.xml"), plugin.resolve("dbstudy-jmeter-plugin-" + v + ".pom"));
        Files.copy(checkout.resolve("pom.xml"), parent.resolve("dbstudy-parent-" + v + ".pom"));
        return repo;
    }

    /** Links every entry of {@code from} into {@code to}, except {@code except}. */
    private static void link(Path from, Path to, String except) throws IOException {
        try (Stream<Path> entries = Files.list(from)) {
            for (Path e : entries.toList()) {
                if (!e.getFileName().toString().equals(except)) {
                    Files.createSymbolicLink(to.resolve(e.getFileName().toString()), e);
                }
            }
        }
    }
}
