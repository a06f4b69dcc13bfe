package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VocabularyTest {

    @Test
    void databaseKindsFromNamesUrlsAndServerTexts() {
        assertEquals(DatabaseKind.POSTGRESQL, DatabaseKind.parse("postgres"));
        assertEquals(DatabaseKind.POSTGRESQL, DatabaseKind.parse("PostgreSQL"));
        assertEquals(DatabaseKind.MARIADB, DatabaseKind.parse(" MARIADB "));
        assertNull(DatabaseKind.parse("oracle"));
        assertEquals(DatabaseKind.MYSQL, DatabaseKind.forUrl("jdbc:mysql://h/db"));
        assertNull(DatabaseKind.forUrl("jdbc:h2:mem:x"));
        // MySQL's driver talking to MariaDB: the server's own version text decides.
        assertEquals(DatabaseKind.MARIADB, DatabaseKind.fromServerText("10.11.19-MariaDB-0+deb12u1"));
        assertEquals(DatabaseKind.MYSQL, DatabaseKind.fromServerText("MySQL Community Server - GPL"));
        assertTrue(DatabaseKind.MYSQL.mysqlFamily());
        assertFalse(DatabaseKind.POSTGRESQL.mysqlFamily());
        assertEquals("postgresql, mysql, mariadb", DatabaseKind.validIds());
    }

    @Test
    void subResultsNeedTheirParentLabel() {
        Set<String> labels = Set.of("read", "read-lock", "read-stmt2", "read-commit", "read-0", "users-5");
        assertTrue(SampleLabels.isSubResult("read-lock", labels::contains));
        assertTrue(SampleLabels.isSubResult("read-stmt2", labels::contains));
        assertTrue(SampleLabels.isSubResult("read-commit", labels::contains));
        assertTrue(SampleLabels.isSubResult("read-0", labels::contains));
        assertFalse(SampleLabels.isSubResult("users-5", labels::contains), "no label 'users'");
        assertFalse(SampleLabels.isSubResult("read", labels::contains));
        assertEquals("read-stmt2", SampleLabels.statement("read", 2));
        assertEquals("read-lock", SampleLabels.lock("read"));
        assertEquals("read-commit", SampleLabels.commit("read"));
        assertTrue(SampleLabels.isSetUp(SampleLabels.setUp("crud_read")));
        assertEquals("crud_read", SampleLabels.setUpSubject("setUp crud_read"));
    }

    /** The label rule as a regular expression, as it was first written: the scan must agree with it. */
    private static final java.util.regex.Pattern SUB_RESULT_RULE =
            java.util.regex.Pattern.compile("^(.+)-(\\d+|lock|commit|stmt\\d+|[a-z][A-Za-z0-9]*)$");

    @Test
    void parentOfAgreesWithTheRuleAsARegularExpression() {
        List<String> labels = List.of("read-lock", "read-stmt12", "read-commit", "read-0", "read-00042", "NewOrder-getStock",
                "Q-Five", "crud-Read", "-1", "-lock", "a-", "a-b-c", "a-b-C", "a--1", "a-1x", "a-x1", "a-x_1", "a-\u00e9",
                "x-\u00df", "a-\u0663", "a\nb-1", "a\rb-lock", "a\u2028b-1", "a-1\n", "a b-c", "New Order-commit",
                "users-5", "read", "", "-", "--", "a-b-", "tearDown tpcc-consistency", "setUp crud_read-stmt1");
        for (String label : labels) {
            java.util.regex.Matcher m = SUB_RESULT_RULE.matcher(label);
            assertEquals(m.matches() ? m.group(1) : null, SampleLabels.parentOf(label), "parent of '" + label + "'");
        }
        assertEquals("a-b", SampleLabels.parentOf("a-b-c"), "the part is after the last dash");
        assertEquals(null, SampleLabels.parentOf("a-b-C"));
    }

    @Test
    void procedureStatementsAreSubResultsAndTearDownIsNotWorkload() {
        Set<String> labels = Set.of("NewOrder", "NewOrder-getStock", "Q-Five", "crud-Read");
        assertTrue(SampleLabels.isSubResult("NewOrder-getStock", labels::contains), "lower camel case statement name");
        assertFalse(SampleLabels.isSubResult("crud-Read", labels::contains), "no label 'crud'");
        assertEquals(null, SampleLabels.parentOf("Q-Five"), "an upper-case part is no statement name");
        String check = SampleLabels.tearDown("tpcc-consistency");
        assertEquals("tearDown tpcc-consistency", check);
        assertTrue(SampleLabels.isNotWorkload(check));
        assertTrue(SampleLabels.isNotWorkload(SampleLabels.setUp("tpcc-load")));
        assertFalse(SampleLabels.isNotWorkload("NewOrder"));
        assertEquals("tpcc-consistency", SampleLabels.notWorkloadSubject(check));
        assertEquals("tpcc-load", SampleLabels.notWorkloadSubject("setUp tpcc-load"));
        assertFalse(Outcome.INTENDED_ROLLBACK.stopsCell());
        assertEquals(Outcome.INTENDED_ROLLBACK, Outcome.fromLabel("intended_rollback"));
    }

    @Test
    void csvRecordsRoundTripWithQuotesCommasAndLineBreaks() {
        List<String> fields = List.of("plain", "a,b", "say \"hi\"", "two\nlines", "");
        String line = Csv.join(fields);
        assertEquals("plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",", line);
        assertEquals(fields, Csv.split(line));
        assertNull(Csv.split("\"open"), "a record still inside quotes is not whole");
    }

    @Test
    void csvTableReadsByNameAndNamesTheLineOfABadRow(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("t.csv");
        Files.writeString(file, "cell,plan,x\nc1,\"p,1\",\"multi\nline\"\nc2,p2,3\n", StandardCharsets.UTF_8);
        CsvTable table = CsvTable.read(file, "cell", "plan");
        assertEquals(2, table.rows().size());
        assertEquals("p,1", table.rows().get(0).get("plan"));
        assertEquals("multi\nline", table.rows().get(0).get("x"));
        assertEquals(4, table.rows().get(1).line());
        assertEquals("", table.rows().get(1).get("missing"));

        Files.writeString(file, "cell,plan\nc1,p1\nc2\n", StandardCharsets.UTF_8);
        CsvFileException e = assertThrows(CsvFileException.class, () -> CsvTable.read(file, "cell"));
        assertEquals(3, e.line());
        assertEquals("fields", e.field());
        CsvFileException noColumn = assertThrows(CsvFileException.class, () -> CsvTable.read(file, "replicate"));
        assertTrue(noColumn.getMessage().contains("no 'replicate' column"), noColumn.getMessage());
    }

    @Test
    void runStatusRoundTripsByColumnName(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(RunStatusFile.FILE_NAME);
        List<RunStatusFile.Row> rows = List.of(
                new RunStatusFile.Row("read-users5", 1, RunStatusFile.DONE, "", "2026-01-01T00:00:00Z",
                        "2026-01-01T00:00:05Z", 1234, 37.25),
                new RunStatusFile.Row("write,odd", 2, RunStatusFile.FAILED, "JMeter exited: \"killed\"", "", "", 0));
        RunStatusFile.write(file, rows);
        assertEquals(rows, RunStatusFile.read(file));
        assertEquals(List.of(), RunStatusFile.read(dir.resolve("none.csv")));
        // Columns in another order still read by name.
        Files.writeString(file, "status,replicate,cell\ndone,3,c\n", StandardCharsets.UTF_8);
        assertEquals(new RunStatusFile.Row("c", 3, "done", "", "", "", 0), RunStatusFile.read(file).get(0));
        assertTrue(Double.isNaN(RunStatusFile.read(file).get(0).clientCpuPct()), "a file without the client's CPU");
    }

    @Test
    void aCellsGcLogLiesBesideItsJMeterLog() {
        Path out = Path.of("study");
        assertEquals(out.resolve("logs").resolve("read-users5.gc.log"), RunFolder.gcLog(out, "read-users5"));
    }

    @Test
    void serverJournalRoundTripsIsUnfinishedUntilEveryRowIsRestoredAndRefusesAnUnknownState(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve(ServerJournalFile.FILE_NAME);
        List<ServerJournalFile.Row> rows = List.of(
                new ServerJournalFile.Row("postgresql", "jdbc:postgresql://db:5432/x?password=***", "bench", "shared_buffers",
                        "128MB", "8kB", false, true, "ALTER SYSTEM + restart", ServerJournalFile.RESTORED, "2026-01-01T00:00:00Z"),
                new ServerJournalFile.Row("postgresql", "jdbc:postgresql://db:5432/x?password=***", "bench", "search_path",
                        "\"$user\", public", "", true, false, "ALTER SYSTEM + reload", ServerJournalFile.CHANGED, "2026-01-01T00:00:01Z"));
        ServerJournalFile.write(file, rows);
        assertEquals(rows, ServerJournalFile.read(file));
        assertTrue(ServerJournalFile.unfinished(rows));
        assertFalse(ServerJournalFile.unfinished(rows.subList(0, 1)));
        assertEquals(List.of(), ServerJournalFile.read(dir.resolve("none.csv")));
        assertFalse(Files.exists(dir.resolve(ServerJournalFile.FILE_NAME + ".tmp")), "written through a temporary file");
        Files.writeString(file, "kind,target,setting,original,state\npostgresql,u,work_mem,4MB,maybe\n", StandardCharsets.UTF_8);
        CsvFileException e = assertThrows(CsvFileException.class, () -> ServerJournalFile.read(file));
        assertEquals(2, e.line());
        assertEquals("state", e.field());
    }

    @Test
    void isolationLevelsReadEverySpelling() {
        assertEquals(IsolationLevel.REPEATABLE_READ, IsolationLevel.parse("REPEATABLE-READ"));
        assertEquals(IsolationLevel.REPEATABLE_READ, IsolationLevel.parse("repeatable read"));
        assertEquals(IsolationLevel.SERIALIZABLE, IsolationLevel.parse("TRANSACTION_SERIALIZABLE"));
        assertEquals(IsolationLevel.DEFAULT, IsolationLevel.parse(""));
        assertNull(IsolationLevel.parse("snapshot"));
        // What a study keeps: the one name for any spelling; text that is no level stays for its message.
        assertEquals("REPEATABLE_READ", IsolationLevel.canonical(" Repeatable-Read"));
        assertEquals("snapshot", IsolationLevel.canonical("snapshot"));
        assertEquals("", IsolationLevel.canonical(""));
    }

    @Test
    void manifestFactorsAreTheColumnsAfterTheFixedOnes() {
        assertEquals(List.of("operation", "users"),
                ManifestColumns.factors(List.of("cell", "replicate", "plan", "operation", "users")));
        assertEquals("read-users5", ManifestColumns.planBase("plans/read-users5.jmx"));
        assertEquals("read-users5", ManifestColumns.planBase("plans\\read-users5.jmx"));
    }
}
