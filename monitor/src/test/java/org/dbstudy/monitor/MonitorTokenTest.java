package org.dbstudy.monitor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The monitor's token: random, written only for its owner, refused from a file others can read, never printed. */
class MonitorTokenTest {
    @TempDir
    Path dir;

    @Test
    void aTokenIsWrittenForItsOwnerAloneAndReadBack() throws Exception {
        MonitorToken token = MonitorToken.generate();
        Path file = dir.resolve("dotdir").resolve(MonitorToken.FILE_NAME);
        token.write(file);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        MonitorToken read = MonitorToken.read(file);
        assertTrue(read.admits(token.authorization()));
        // Written again (a restarted monitor): a new token replaces the old one, still private.
        MonitorToken next = MonitorToken.generate();
        next.write(file);
        assertFalse(MonitorToken.read(file).admits(token.authorization()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
        try (var left = Files.list(file.getParent())) {
            assertEquals(1, left.count(), "no temporary file left beside it");
        }
    }

    @Test
    void aFileOthersCanReadIsRefusedWithTheFix() throws Exception {
        Path file = dir.resolve("token");
        MonitorToken.generate().write(file);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        AccessDeniedException e = assertThrows(AccessDeniedException.class, () -> MonitorToken.read(file));
        assertTrue(e.getMessage().contains("chmod 600 " + file), e.getMessage());
    }

    @Test
    void onlyTheSameTokenIsAdmittedAndNoneIsPrinted() {
        MonitorToken token = MonitorToken.generate();
        String header = token.authorization();
        assertTrue(header.startsWith("Bearer ") && header.length() == "Bearer ".length() + 43, header);
        assertNotEquals(header, MonitorToken.generate().authorization(), "random");
        assertFalse(token.admits(null));
        assertFalse(token.admits(""));
        assertFalse(token.admits(header + "x"));
        assertFalse(token.admits(header.substring(0, header.length() - 1) + (header.endsWith("A") ? "B" : "A")));
        assertTrue(MonitorToken.of(header.substring("Bearer ".length())).admits(header));
        assertEquals("MonitorToken[hidden]", token.toString());
        assertThrows(IllegalArgumentException.class, () -> MonitorToken.of("short"));
        assertThrows(IllegalArgumentException.class, () -> MonitorToken.of("sixteen chars but spaces"));
    }
}
