package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The per-user JMeter home SaveService reads (in the temporary directory every user can write to) is
 * used only when it is this user's and no one else can write to it; otherwise a private one is made.
 */
class JMeterEnvironmentTest {
    private static final int NOBODY = 65534;

    @TempDir
    Path tmp;

    @Test
    void aHomeAnotherUserMadeIsNotUsed() throws IOException {
        Assumptions.assumeTrue("root".equals(System.getProperty("user.name")),
                () -> { System.err.println("[dbstudy] skipped: giving a directory to uid 65534 needs root"); return "needs root"; });
        Path cache = Files.createDirectories(tmp.resolve("dbstudy-jmeter-home-x/bin"));
        Files.writeString(cache.resolve("saveservice.properties"), "planted by another user\n");
        Files.setAttribute(cache, "unix:uid", NOBODY);
        Files.setAttribute(cache.getParent(), "unix:uid", NOBODY);
        Path chosen = JMeterEnvironment.privateHome(cache.getParent());
        assertNotEquals(cache.getParent(), chosen);
        assertPrivate(chosen);
        assertEquals(List.of("bin", "bin/saveservice.properties"), listing(cache.getParent()), "the other user's home is left as it was");
    }

    @Test
    void aHomeOthersCanWriteToIsNotUsed() throws IOException {
        Path cache = Files.createDirectory(tmp.resolve("dbstudy-jmeter-home-x"));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxrwxrwx"));
        assertPrivate(JMeterEnvironment.privateHome(cache));
        assertNotEquals(cache, JMeterEnvironment.privateHome(cache));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(Files.createDirectory(cache.resolve("bin")), PosixFilePermissions.fromString("rwxrwx---"));
        assertNotEquals(cache, JMeterEnvironment.privateHome(cache), "a bin/ the group can write to");
    }

    @Test
    void thisUsersOwnHomeIsUsedAndAMissingOneIsMadePrivate() throws IOException {
        Path missing = tmp.resolve("dbstudy-jmeter-home-x");
        assertEquals(missing, JMeterEnvironment.privateHome(missing));
        assertPrivate(missing);
        // One an earlier version made with the usual umask is this user's too.
        Path earlier = Files.createDirectories(tmp.resolve("dbstudy-jmeter-home-y/bin"));
        Files.setPosixFilePermissions(earlier.getParent(), PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals(earlier.getParent(), JMeterEnvironment.privateHome(earlier.getParent()));
    }

    private static void assertPrivate(Path dir) throws IOException {
        assertEquals(System.getProperty("user.name"), Files.getOwner(dir).getName());
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)));
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> !p.equals(dir)).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }
}
