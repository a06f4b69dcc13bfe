package org.dbstudy.cli.jmeter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.dbstudy.cli.MainTest;
import org.dbstudy.databases.OtherLocalUser;
import java.util.stream.Stream;
import org.dbstudy.cli.failure.UserError;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The RMI keystore: made once (a second maker keeps the first), owner-only from its first byte and only in a
 * directory others cannot enter, checked before use (one that is not this user's alone is refused).
 */
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
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        UserError e = assertThrows(UserError.class, () -> RmiKeystore.check(file, "--rmi-keystore"));
        assertTrue(e.getMessage().startsWith("--rmi-keystore " + file + ": its certificate is not valid today"), e.getMessage());
    }

    /**
     * Issue 46: with a ~/.dbstudy of mode 0755, keytool wrote the keystore world-readable before the chmod, and
     * a polling {@code nobody} got a copy. Now such a directory is refused with the command that closes it, and
     * {@code nobody}, polling it all along, reads nothing.
     */
    @Test
    void aDirectoryOthersCanEnterIsRefusedAndNobodyPollingItReadsNothing() throws Exception {
        OtherLocalUser.assumeAvailable();
        Path home = Files.createTempDirectory("dbstudy-keystore-home");
        try {
            Files.setPosixFilePermissions(home, PosixFilePermissions.fromString("rwxr-xr-x"));
            Path dir = Files.createDirectory(home.resolve(".dbstudy"));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
            // Where nobody says it polls, and where the test says it is done: a directory anyone may write.
            Path signals = Files.createDirectory(home.resolve("signals"));
            Files.setPosixFilePermissions(signals, PosixFilePermissions.fromString("rwxrwxrwx"));
            String poll = "touch " + signals + "/polling; n=0; while [ ! -e " + signals + "/stop ]; do n=$((n+1));"
                    + " for f in " + dir + "/* " + dir + "/*/*; do [ -f \"$f\" ] && cat \"$f\" > /dev/null 2>&1"
                    + " && { echo \"read $f\"; exit 1; }; done; done; echo \"polled $n times\"";
            CompletableFuture<OtherLocalUser.Result> nobody =
                    CompletableFuture.supplyAsync(() -> OtherLocalUser.shell(Duration.ofSeconds(60), poll));
            while (!Files.exists(signals.resolve("polling"))) {
                assertFalse(nobody.isDone(), () -> "the poller ended before it began: " + nobody.join().output());
                Thread.onSpinWait();
            }
            Path file = dir.resolve(RmiKeystore.FILE_NAME);
            UserError refused;
            try {
                refused = assertThrows(UserError.class, () -> RmiKeystore.create(file));
            } finally {
                Files.writeString(signals.resolve("stop"), "");
            }
            assertEquals("RMI keystore " + file + ": its directory " + dir + " is readable by others (rwxr-xr-x), so the"
                    + " keystore could be copied or replaced: run chmod 700 " + dir + " and start again", refused.getMessage());
            OtherLocalUser.Result polled = nobody.join();
            assertEquals(0, polled.status(), polled.output());
            assertTrue(polled.output().startsWith("polled "), polled.output());
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(List.of(), files.toList(), "nothing written into the refused directory");
            }
        } finally {
            try (Stream<Path> files = Files.walk(home)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    /** Issue 46: a keystore others could read was used without a word; now the agent and the runner refuse it. */
    @Test
    void aKeystoreOthersCanReadIsRefusedWithTheChmodThatFixesIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve(RmiKeystore.FILE_NAME);
        assertTrue(RmiKeystore.create(file));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        String says = "--rmi-keystore " + file + ": readable by others (rw-r--r--), and whoever reads it can run code on the"
                + " agents: run chmod 600 " + file + "\n";
        MainTest.Run agent = MainTest.run("agent", "--port", "31099", "--rmi-keystore", file.toString());
        assertEquals(2, agent.status(), agent.out() + agent.err());
        assertEquals("dbstudy agent: " + says, agent.err());
        Path out = dir.resolve("out");
        MainTest.Run runner = MainTest.run("run", "--study", "smoke", "--db", "postgres", "--out", out.toString(),
                "--remote", "127.0.0.1:1", "--rmi-keystore", file.toString());
        assertEquals(2, runner.status(), runner.out() + runner.err());
        assertEquals("dbstudy run: " + says, runner.err());
        assertFalse(Files.exists(out), "nothing written");

        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        RmiKeystore.check(file, "--rmi-keystore");
    }

    /** A keystore (or its directory) another user owns could be replaced by them at any time: refused, naming the owner. */
    @Test
    void aKeystoreAnotherUserOwnsIsRefused(@TempDir Path dir) throws Exception {
        OtherLocalUser.assumeAvailable();
        Path file = dir.resolve(RmiKeystore.FILE_NAME);
        assertTrue(RmiKeystore.create(file));
        Files.setOwner(file, file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        UserError e = assertThrows(UserError.class, () -> RmiKeystore.check(file, "RMI keystore"));
        assertTrue(e.getMessage().startsWith("RMI keystore " + file + ": owned by nobody, not by "
                + System.getProperty("user.name") + ", who could replace it: copy it"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());

        // Nor is one made in a directory another user owns, even one only they can enter.
        Path theirs = Files.createDirectory(dir.resolve("theirs"));
        Files.setOwner(theirs, file.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
        UserError refused = assertThrows(UserError.class, () -> RmiKeystore.create(theirs.resolve(RmiKeystore.FILE_NAME)));
        assertTrue(refused.getMessage().contains(": its directory " + theirs + " is owned by nobody, not by "), refused.getMessage());
        try (Stream<Path> files = Files.list(theirs)) {
            assertEquals(List.of(), files.toList(), "nothing written there");
        }
    }
}
