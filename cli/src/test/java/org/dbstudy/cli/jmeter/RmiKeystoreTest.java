package org.dbstudy.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.dbstudy.cli.failure.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The RMI keystore: made once (a second maker keeps the first), owner-only, checked before use. */
class RmiKeystoreTest {

    @Test
    void aKeystoreIsMadeOnceAndUsable(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("keys").resolve(RmiKeystore.FILE_NAME);
        assertTrue(RmiKeystore.create(file));
        byte[] first = Files.readAllBytes(file);
        assertFalse(RmiKeystore.create(file), "a keystore that is there is kept");
        assertArrayEquals(first, Files.readAllBytes(file));
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertEquals(List.of(file), files.toList(), "nothing left beside it");
        }
        assertEquals("rwx------", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        RmiKeystore.check(file, "RMI keystore");
    }

    @Test
    void anExpiredKeystoreIsNamedWithWhatToDo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.jks");
        // As create-rmi-keystore.sh makes it (7 days), made 10 days ago.
        Process keytool = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", "rmi", "-keyalg", "RSA", "-keysize", "2048", "-validity", "7", "-startdate", "-10d",
                "-storetype", "JKS", "-keystore", file.toString(), "-storepass", "changeit", "-keypass", "changeit",
                "-dname", "CN=old").redirectErrorStream(true).start();
        keytool.getInputStream().readAllBytes();
        assertEquals(0, keytool.waitFor());
        UserError e = assertThrows(UserError.class, () -> RmiKeystore.check(file, "--rmi-keystore"));
        assertTrue(e.getMessage().startsWith("--rmi-keystore " + file + ": its certificate is not valid today"), e.getMessage());
    }
}
