package org.dbstudy.databases;

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
}
