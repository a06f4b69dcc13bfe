package org.dbstudy.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release archive, unpacked outside the checkout, run with nothing but a JDK. */
class ReleaseArchiveIT {

    @Test
    void theArchiveHoldsTheLauncherItsJarsAJMeterHomeTemplatesDocsAndThePluginsManagerRepository() throws Exception {
        Path release = Release.unpacked();
        assertTrue(Files.isExecutable(release.resolve("bin/dbstudy")));
        for (String file : List.of("lib/dbstudy-cli.jar", "lib/dbstudy-generator-" + Release.version() + ".jar",
                "jmeter/bin/ApacheJMeter.jar", "jmeter/lib/ext/dbstudy-jmeter-plugin-" + Release.version() + ".jar",
                "plan-templates/dbstudy-templates.xml", "docs/install.md", "README.md",
                "plugins-manager/dbstudy-repo.json", "plugins-manager/dbstudy-jmeter-plugin-" + Release.version() + ".jar")) {
            assertTrue(Files.isRegularFile(release.resolve(file)), file + " missing from the archive");
        }
        // The zip holds the same files as the tar.gz.
        long files;
        try (Stream<Path> all = Files.walk(release)) {
            files = all.filter(Files::isRegularFile).count();
        }
        String zip = System.getProperty("dbstudy.archive").replace(".tar.gz", ".zip");
        try (ZipFile z = new ZipFile(zip)) {
            assertEquals(files, z.stream().filter(e -> !e.isDirectory()).count());
        }
    }

    @Test
    void studiesGenerateAndVersionWorkFromTheUnpackedArchive(@TempDir Path dir) throws Exception {
        String dbstudy = Release.unpacked().resolve("bin/dbstudy").toString();
        String version = Command.of(dir, dbstudy, "--version").succeed(60);
        assertTrue(version.startsWith("dbstudy " + Release.version() + " (commit "), version);
        assertTrue(Command.of(dir, dbstudy, "studies").succeed(60).contains("smoke"));
        Command.of(dir, dbstudy, "generate", "--study", "smoke", "--out", "g").succeed(120);
        try (Stream<Path> plans = Files.list(dir.resolve("g/plans"))) {
            assertEquals(4, plans.count());
        }
    }

    @Test
    void runWithAStockJMeterHomeLeavesItAsItWasAndAnalyzeReadsTheResults(@TempDir Path dir) throws Exception {
        Path home = Release.stockJMeter(dir);
        List<String> before = Release.listing(home);
        DatabaseEndpoint db = TestDatabases.postgres();
        String dbstudy = Release.unpacked().resolve("bin/dbstudy").toString();

        String out = Command.of(dir, dbstudy, "run", "--study", "smoke", "--set", "operation=read", "--set", "users=2",
                        "--duration", "3", "--db", "postgres", "--url", db.url(), "--user", db.user(),
                        "--password-env", "DBSTUDY_IT_PASSWORD", "--out", "study")
                .withEnv(Map.of("JMETER_HOME", home.toString(), "DBSTUDY_IT_PASSWORD", db.password()))
                .succeed(600);
        assertTrue(out.contains("JMeter home: " + home + " (without installing into it"), out);
        assertEquals(before, Release.listing(home), "the JMeter home changed");
        Path jtl;
        try (Stream<Path> results = Files.list(dir.resolve("study/results"))) {
            jtl = results.filter(p -> p.toString().endsWith(".jtl")).findFirst().orElseThrow();
        }
        Jtl read = Jtl.read(jtl, "read");
        assertTrue(read.succeeded() > 0 && read.failed() == 0, read + " on " + db);
        String environment = Files.readString(dir.resolve("study/environment.json"), StandardCharsets.UTF_8);
        assertTrue(environment.contains("passed with user.classpath"), environment);

        Command.of(dir, dbstudy, "analyze", "--results", "study/results", "--manifest", "study/manifest.csv", "--out", "report")
                .succeed(120);
        assertTrue(Files.isRegularFile(dir.resolve("report/index.html")));
        assertTrue(Files.readString(dir.resolve("report/summary.csv"), StandardCharsets.UTF_8).contains("read"));
    }
}
