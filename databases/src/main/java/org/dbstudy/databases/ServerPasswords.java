package org.dbstudy.databases;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/** The password of an embedded server: new at every start, 24 URL-safe characters (144 random bits). */
final class ServerPasswords {
    private static final SecureRandom RANDOM = new SecureRandom();

    private ServerPasswords() {
    }

    static String newPassword() {
        byte[] bytes = new byte[18];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * Writes {@code text} that holds a password into a new file that is 0600 from its creation, never
     * readable by others even for a moment; the caller deletes it as soon as the server has read it.
     */
    static void writeSecretFile(Path file, String text) throws IOException {
        Files.writeString(Files.createFile(file, PosixFilePermissions.asFileAttribute(
                PosixFilePermissions.fromString("rw-------"))), text);
    }
}
