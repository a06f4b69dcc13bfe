package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Run as root, the servers' files go to the account dbstudy, which must be able to reach them. */
class ServerAccountTest {

    @Test
    void aFolderTheAccountCannotReachIsOneLineNamingIt(@TempDir Path tmp) throws Exception {
        OtherLocalUser.assumeAvailable(); // root, as the switch to another account needs
        ServerAccount account = ServerAccount.forServers();
        assertTrue(account.switches());
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
        Path folder = Files.createDirectory(tmp.resolve("server"));
        IOException e = assertThrows(IOException.class, () -> account.own(folder));
        assertTrue(e.getMessage().contains("cannot pass " + tmp + " (mode rwx------)"), e.getMessage());

        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        account.own(folder);
        assertEquals(ServerAccount.SYSTEM_ACCOUNT, Files.getOwner(folder).getName());
    }
}
