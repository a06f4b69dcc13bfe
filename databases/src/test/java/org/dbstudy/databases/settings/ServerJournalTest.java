package org.dbstudy.databases.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.EmbeddedMariaDb;
import org.dbstudy.databases.EmbeddedPostgres;
import org.dbstudy.vocabulary.ServerJournalFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The journal of server changes on embedded servers (never the local ones' globals): the original is on
 * disk before the server changes; a configurator abandoned without its restore (a killed run) leaves the
 * journal unfinished, and {@link JournalRestore} puts every original back, says so per setting and marks
 * it finished; it refuses another server and an unreachable one; a normal restore finishes the journal.
 */
class ServerJournalTest {
    @Test
    void mariaDbSetGlobalIsJournalledBeforeTheChangeAndPutBackAfterAKilledRun(@TempDir Path out) throws Exception {
        try (EmbeddedMariaDb maria = EmbeddedMariaDb.start(0, Map.of())) {
            DatabaseEndpoint db = maria.endpoint();
            Path file = out.resolve(ServerJournalFile.FILE_NAME);
            String before = value(db, "select @@global.innodb_lock_wait_timeout");
            ServerConfigurator killed = new ServerConfigurator(db, maria, new ServerJournal(file, db));
            assertFalse(Files.exists(file), "nothing is written before a change");
            assertTrue(killed.apply(Map.of("innodb_lock_wait_timeout", "7")).ok());
            assertEquals("7", value(db, "select @@global.innodb_lock_wait_timeout"));

            List<ServerJournalFile.Row> rows = ServerJournalFile.read(file);
            assertEquals(1, rows.size(), rows.toString());
            ServerJournalFile.Row row = rows.get(0);
            assertEquals(List.of("mariadb", db.url(), "root", "innodb_lock_wait_timeout", before, "SET GLOBAL", "changed"),
                    List.of(row.kind(), row.target(), row.user(), row.setting(), row.original(), row.appliedBy(), row.state()));

            // The run is killed here: no restore. The next run finds the journal.
            List<String> said = JournalRestore.restoreUnfinished(file, db, null);
            assertEquals(List.of("restored server setting innodb_lock_wait_timeout=" + before + " on " + db.url()
                    + " (an earlier run changed it by SET GLOBAL and did not put it back)"), said);
            assertEquals(before, value(db, "select @@global.innodb_lock_wait_timeout"));
            assertFalse(ServerJournalFile.unfinished(ServerJournalFile.read(file)), "finished");
            assertEquals(List.of(), JournalRestore.restoreUnfinished(file, db, null), "nothing left the second time");

            // A later run that ends normally records and finishes its own journal.
            ServerConfigurator next = new ServerConfigurator(db, maria, new ServerJournal(file, db));
            assertTrue(next.apply(Map.of("innodb_lock_wait_timeout", "9")).ok());
            assertTrue(ServerJournalFile.unfinished(ServerJournalFile.read(file)));
            assertEquals(List.of(), next.restore());
            assertFalse(ServerJournalFile.unfinished(ServerJournalFile.read(file)));
            assertEquals(before, value(db, "select @@global.innodb_lock_wait_timeout"));
        }
    }

    @Test
    void postgresAlterSystemIsPutBackAndAnotherOrAnUnreachableServerIsRefused(@TempDir Path out) throws Exception {
        try (EmbeddedPostgres pg = EmbeddedPostgres.start(0, null, Map.of())) {
            DatabaseEndpoint db = pg.endpoint();
            Path file = out.resolve(ServerJournalFile.FILE_NAME);
            String autoConf = "select count(*)::text from pg_file_settings where sourcefile like '%postgresql.auto.conf'";
            assertEquals("0", value(db, autoConf));
            ServerConfigurator killed = new ServerConfigurator(db, pg, new ServerJournal(file, db));
            assertTrue(killed.apply(Map.of("work_mem", "8MB", "random_page_cost", "1.5")).ok());
            assertEquals("2", value(db, autoConf));
            assertEquals("ALTER SYSTEM + reload", ServerJournalFile.read(file).get(0).appliedBy());

            // Another server (the same kind elsewhere) is refused: the journal is not for it.
            DatabaseEndpoint elsewhere = db.withUrl("jdbc:postgresql://127.0.0.1:1/postgres");
            ServerJournal.JournalException other = assertThrows(ServerJournal.JournalException.class,
                    () -> JournalRestore.restoreUnfinished(file, elsewhere, null));
            assertTrue(other.getMessage().contains("not on this run's postgresql at jdbc:postgresql://127.0.0.1:1/postgres")
                    && other.getMessage().contains("dbstudy restore --out " + out), other.getMessage());

            // The server down: refused with how to go on; the journal stays unfinished.
            int port = pg.port();
            DatabaseEndpoint wrongUser = new DatabaseEndpoint(db.kind(), db.url(), "nobody_here", "", "test");
            ServerJournal.JournalException down = assertThrows(ServerJournal.JournalException.class,
                    () -> JournalRestore.restoreUnfinished(file, wrongUser, null));
            assertTrue(down.getMessage().contains("cannot be reached to restore them")
                    && down.getMessage().contains("then run again, or put them back with 'dbstudy restore --out "),
                    down.getMessage());
            assertTrue(ServerJournalFile.unfinished(ServerJournalFile.read(file)));

            List<String> said = JournalRestore.restoreUnfinished(file, db, null);
            assertEquals(2, said.size(), said.toString());
            assertTrue(said.stream().anyMatch(l -> l.equals("restored server setting work_mem=4MB on jdbc:postgresql://127.0.0.1:"
                    + port + "/postgres (an earlier run changed it by ALTER SYSTEM + reload and did not put it back)")),
                    said.toString());
            assertEquals("0", value(db, autoConf), "postgresql.auto.conf as it began");
            assertEquals("4MB", value(db, "select current_setting('work_mem')"));
        }
    }

    private static String value(DatabaseEndpoint db, String query) throws Exception {
        try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(query)) {
            rs.next();
            return rs.getString(1);
        }
    }
}
