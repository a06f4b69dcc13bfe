package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.cli.Main;
import org.dbstudy.cli.MainTest;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.ScratchDatabase;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.generator.workload.CellValues;
import org.dbstudy.generator.workload.SamplerSpec;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.generator.workload.Workloads;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.jmeter.TransactionSampler;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.dialect.TableOwnership;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No user data touched (issue 46): a crud setUp naming a table of the user's is refused before it writes
 * anything, unless the study says {@code reuse: true}; a table dbstudy created is used again by the next
 * cell without it. Each test has a database of its own on the machine's PostgreSQL and MariaDB.
 */
class UserTablesTest {
    private static final int USER_ROWS = 1000;

    static {
        // Outside a JMeter engine there are no JMeter properties; give the sampler's results empty ones.
        try {
            Path empty = Files.createTempFile("jmeter", ".properties");
            empty.toFile().deleteOnExit();
            org.apache.jmeter.util.JMeterUtils.loadJMeterProperties(empty.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static List<DatabaseKind> servers() {
        return TestDatabases.SERVERS;
    }

    @ParameterizedTest
    @MethodSource("servers")
    void aCrudSetUpRefusesAUserTableBeforeWritingAndTheTableKeepsItsRows(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            userTable(db, "customers");

            SampleResult refused = setUp(db, Map.of("table", "customers"), "read");

            assertFalse(refused.isSuccessful(), refused.getResponseMessage());
            assertTrue(refused.isStopTest(), "a refused setUp stops its cell");
            assertTrue(refused.getResponseMessage().contains("table customers exists and was not created by dbstudy;"
                    + " dbstudy will not empty or drop it."), refused.getResponseMessage());
            assertTrue(refused.getResponseMessage().contains("set workload.parameters.reuse: true"), refused.getResponseMessage());
            assertEquals(USER_ROWS, rows(db, "customers"), "the user's rows are all there");
            assertEquals("", comment(db, "customers"), "and the table is not marked as dbstudy's");
        }
    }

    @ParameterizedTest
    @MethodSource("servers")
    void withReuseTrueTheUserTableIsEmptiedAndReloaded(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            userTable(db, "customers");

            SampleResult used = setUp(db, Map.of("table", "customers", "reuse", "true"), "read");

            assertTrue(used.isSuccessful(), used.getResponseMessage());
            assertEquals(2000, rows(db, "customers"), "emptied and loaded with crud's 2000 rows");
            assertEquals("", comment(db, "customers"), "reuse: true does not claim the table for dbstudy");
        }
    }

    @ParameterizedTest
    @MethodSource("servers")
    void aTableDbstudyCreatedIsUsedAgainByTheNextCellWithoutReuse(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();

            SampleResult first = setUp(db, Map.of("table", "people"), "read");
            SampleResult replicate = setUp(db, Map.of("table", "people"), "write");
            SampleResult third = setUp(db, Map.of("table", "people"), "read");

            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertTrue(replicate.isSuccessful(), replicate.getResponseMessage());
            assertTrue(third.isSuccessful(), third.getResponseMessage());
            assertEquals(TableOwnership.MARK, comment(db, "people"));
            assertEquals(2000, rows(db, "people"));
        }
    }

    /** tpcb and school drop their tables before creating them: pgbench's own tables are refused, not dropped. */
    @ParameterizedTest
    @MethodSource("servers")
    void tpcbAndSchoolRefuseTablesOfTheirNamesThatDbstudyDidNotCreate(DatabaseKind kind) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("CREATE TABLE pgbench_branches (bid int PRIMARY KEY, bbalance int, filler char(88))");
                s.execute("INSERT INTO pgbench_branches (bid, bbalance) VALUES (1, 7), (2, 7)");
                s.execute("CREATE TABLE school_grades (id int PRIMARY KEY)");
                s.execute("INSERT INTO school_grades VALUES (1)");
            }

            SampleResult tpcb = setUp(db, "tpcb", Map.of(), Map.of());
            SampleResult school = setUp(db, "school", Map.of(), Map.of());

            assertFalse(tpcb.isSuccessful());
            assertTrue(tpcb.getResponseMessage().contains("table pgbench_branches exists and was not created by dbstudy"),
                    tpcb.getResponseMessage());
            assertFalse(school.isSuccessful());
            assertTrue(school.getResponseMessage().contains("table school_grades exists and was not created by dbstudy"),
                    school.getResponseMessage());
            assertEquals(2, rows(db, "pgbench_branches"));
            assertEquals(1, rows(db, "school_grades"));

            // Dropped by hand, the tables are school's own from its first setUp on: the next cell's setUp drops them again.
            try (Connection c = db.connect(); Statement s = c.createStatement()) {
                s.execute("DROP TABLE school_grades");
            }
            SampleResult first = setUp(db, "school", Map.of(), Map.of());
            SampleResult next = setUp(db, "school", Map.of(), Map.of());
            assertTrue(first.isSuccessful(), first.getResponseMessage());
            assertTrue(next.isSuccessful(), next.getResponseMessage());
            assertEquals(TableOwnership.MARK, comment(db, "school_grades"));
            assertEquals(3000, rows(db, "school_grades"));
        }
    }

    /** The runner refuses at preflight, before any cell: the run exits at once and writes no result. */
    @ParameterizedTest
    @MethodSource("servers")
    void runRefusesAUserTableBeforeTheFirstCell(DatabaseKind kind, @TempDir Path dir) throws Exception {
        try (ScratchDatabase own = TestDatabases.newDatabase(kind)) {
            DatabaseEndpoint db = own.endpoint();
            userTable(db, "customers");
            Path study = dir.resolve("customers.yaml");
            Files.writeString(study, """
                    name: customers
                    workload:
                      template: crud
                      parameters: {table: customers}
                    factors:
                      operation: [write]
                      users: [1]
                    settings: {duration: 2, ramp_up: 0, warm_up: 0, rest: 0}
                    replicates: 2
                    """);
            Path out = Files.createTempDirectory("dbstudy-usertables-").resolve("out");
            Path log = dir.resolve("run.log");
            try {
                Process run = runner(log, "run", "--study", study.toString(), "--db", kind.id(), "--url", db.url(),
                        "--user", db.user(), "--out", out.toString());
                assertTrue(run.waitFor(3, TimeUnit.MINUTES), "the run ends");
                String said = Files.readString(log);
                assertEquals(2, run.exitValue(), said);
                assertTrue(said.contains("table customers exists and was not created by dbstudy"), said);
                assertFalse(said.contains("\tat org."), "no stack trace: " + said);
                assertFalse(Files.exists(out.resolve("results")), "no cell ran");
                assertEquals(USER_ROWS, rows(db, "customers"));
            } finally {
                deleteTree(out.getParent());
            }
        }
    }

    @ParameterizedTest
    @MethodSource("servers")
    void checkRefusesAReservedWordAsTableName(DatabaseKind kind, @TempDir Path dir) throws Exception {
        Path study = dir.resolve("order.yaml");
        Files.writeString(study, """
                name: order-table
                workload:
                  template: crud
                  parameters: {table: order}
                targets:
                  - {name: db, dialect: %s, url: "%s", user: someone}
                factors:
                  users: [1]
                settings: {duration: 2}
                """.formatted(kind.id(), kind.localUrl()));

        MainTest.Run r = MainTest.run("check", "--study", study.toString());

        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains(study + ":4:"), r.err());
        assertTrue(r.err().contains("workload.parameters.table"), r.err());
        assertTrue(r.err().contains("'order' is a reserved word in " + kind.displayName() + "; choose another name"), r.err());
        assertFalse(r.err().contains("\tat "), r.err());
    }

    /** A table of the user's with crud's columns (so that {@code reuse: true} can load it) and 1000 rows. */
    private static void userTable(DatabaseEndpoint db, String name) throws SQLException {
        String key = db.kind() == DatabaseKind.POSTGRESQL ? "serial" : "int AUTO_INCREMENT";
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE " + name + " (id " + key + " PRIMARY KEY, first_name varchar(50), last_name varchar(50))");
            s.execute("INSERT INTO " + name + " (first_name, last_name) SELECT 'mine', 'mine' FROM "
                    + SqlDialects.of(db.kind()).numbers(USER_ROWS));
        }
        assertEquals(USER_ROWS, rows(db, name));
    }

    /** crud's setUp for this table and operation. */
    private static SampleResult setUp(DatabaseEndpoint db, Map<String, String> given, String operation) {
        return setUp(db, "crud", given, Map.of("operation", operation));
    }

    /** A workload's setUp for these parameters and factors, as the generator writes it, run by the real sampler once. */
    private static SampleResult setUp(DatabaseEndpoint db, String template, Map<String, String> given, Map<String, String> factors) {
        Workload workload = Workloads.byName(template);
        Map<String, String> parameters = new LinkedHashMap<>();
        workload.parameters().forEach(p -> parameters.put(p.name(), p.defaultValue()));
        parameters.putAll(given);
        SamplerSpec spec = workload.setUp(new CellValues(factors, parameters, SqlDialects.of(db.kind())));
        TransactionSampler sampler = new TransactionSampler();
        sampler.setName(spec.label());
        spec.properties().forEach((key, value) -> sampler.set(SamplerField.byKey(key), value));
        sampler.setUrl(db.url());
        sampler.setUser(db.user());
        sampler.setPassword(db.password() == null ? "" : db.password());
        sampler.setDialect(db.kind().name());
        try {
            return sampler.sample(null);
        } finally {
            sampler.threadFinished();
        }
    }

    private static long rows(DatabaseEndpoint db, String table) throws SQLException {
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static String comment(DatabaseEndpoint db, String table) throws SQLException {
        try (Connection c = db.connect()) {
            return Dialects.of(db.kind()).tableComment(c, table);
        }
    }

    /** {@code bin/dbstudy ARGS} in a JVM of its own, as a user starts it. */
    private static Process runner(Path log, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-Ddbstudy.root=" + System.getProperty("dbstudy.root"), "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")), Main.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private static void deleteTree(Path root) throws java.io.IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
