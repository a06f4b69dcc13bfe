package org.dbstudy.monitor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The secret a runner shows {@code dbstudy monitor} with every request ({@code Authorization: Bearer
 * TOKEN}): the monitor answers nothing else. Made at the monitor's start from {@link SecureRandom} and
 * written to a file only its owner can read, or taken from an environment variable; the runner reads
 * it the same ways. Never on a command line, in a log or in a report: {@link #toString} hides it.
 */
public final class MonitorToken {
    /** The file the monitor writes its token to and the runner reads it from unless told otherwise. */
    public static final String FILE_NAME = "monitor-token";
    /** What a token given by the user must look like (a generated one is 43 characters of base64url). */
    public static final String VALID = "16 to 512 characters of A-Z, a-z, 0-9, '-', '_', '.', '~', '+', '/', '='";
    private static final Pattern FORM = Pattern.compile("[A-Za-z0-9._~+/=-]{16,512}");
    private static final String SCHEME = "Bearer ";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final byte[] secret;

    private MonitorToken(String text) {
        this.secret = text.getBytes(StandardCharsets.US_ASCII);
    }

    /** A fresh token: 32 random bytes. */
    public static MonitorToken generate() {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        return new MonitorToken(Base64.getUrlEncoder().withoutPadding().encodeToString(random));
    }

    /** A token given by the user (an environment variable, a file); an {@link IllegalArgumentException} says what is wrong. */
    public static MonitorToken of(String text) {
        String t = text == null ? "" : text.strip();
        if (!FORM.matcher(t).matches()) {
            throw new IllegalArgumentException("not a monitor token (" + t.length() + " characters; valid: " + VALID + ")");
        }
        return new MonitorToken(t);
    }

    /** ~/.dbstudy/monitor-token: where the monitor writes its token and the runner looks for it by default. */
    public static Path defaultFile() {
        return Paths.get(System.getProperty("user.home"), ".dbstudy", FILE_NAME);
    }

    /**
     * The token in {@code file} (its first line). A file others can read or write is refused: whoever
     * can read it can ask the monitor, and whoever can write it can choose the runner's token.
     */
    public static MonitorToken read(Path file) throws IOException {
        Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file);
        if (!OWNER_ONLY.containsAll(mode)) {
            throw new AccessDeniedException(file.toString(), null, "others can read or write it (mode "
                    + PosixFilePermissions.toString(mode) + "); make it private: chmod 600 " + file);
        }
        String text = Files.readString(file, StandardCharsets.US_ASCII).lines().findFirst().orElse("");
        try {
            return of(text);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes the token to {@code file}, replacing it: into a new file that is 0600 from its creation
     * (never readable by others, even for a moment), then moved over the old one. The directory is made
     * 0700 when it does not exist.
     */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        Path fresh = dir.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".new");
        Files.deleteIfExists(fresh);
        try {
            Files.write(Files.createFile(fresh, PosixFilePermissions.asFileAttribute(OWNER_ONLY)),
                    (new String(secret, StandardCharsets.US_ASCII) + "\n").getBytes(StandardCharsets.US_ASCII),
                    StandardOpenOption.WRITE);
            Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (FileAlreadyExistsException e) {
            throw new IOException(fresh + " appeared while it was being made", e);
        } finally {
            Files.deleteIfExists(fresh);
        }
    }

    /** The request header's value a runner sends. */
    String authorization() {
        return SCHEME + new String(secret, StandardCharsets.US_ASCII);
    }

    /**
     * Whether a request's {@code Authorization} header (null when absent) carries this token. The
     * comparison takes the same time wherever the first difference is, so a wrong guess tells nothing.
     */
    boolean admits(String authorization) {
        byte[] given = authorization == null ? new byte[0] : authorization.getBytes(StandardCharsets.ISO_8859_1);
        byte[] wanted = authorization().getBytes(StandardCharsets.US_ASCII);
        return MessageDigest.isEqual(given, wanted);
    }

    @Override
    public String toString() {
        return "MonitorToken[hidden]";
    }
}
