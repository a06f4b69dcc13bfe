package org.dbstudy.cli.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.dbstudy.cli.failure.UserError;

/**
 * The keystore JMeter's RMI over SSL needs on the runner and on every agent: the one
 * {@code create-rmi-keystore.sh} makes ({@code rmi_keystore.jks}, JKS, alias {@code rmi}, password
 * {@code changeit}, JMeter's defaults, so a stock {@code jmeter-server} can share it). Whoever holds the
 * file can talk to the agents (the agent asks the client for the same certificate), so it is kept
 * readable by its owner only.
 *
 * <p>Found in this order: {@code --rmi-keystore FILE}; the JMeter home's {@code bin/rmi_keystore.jks}
 * (where {@code create-rmi-keystore.sh} puts it); {@link #defaultFile()}. An agent makes a missing one
 * on first use; a runner needs the agents' copy.
 */
public final class RmiKeystore {
    /** JMeter's defaults for {@code server.rmi.ssl.keystore.*}: used unchanged so a stock JMeter reads the file. */
    public static final String FILE_NAME = "rmi_keystore.jks";
    static final String ALIAS = "rmi";
    public static final String TYPE = "JKS";
    /** JMeter's default; the file's permissions protect it, not this well-known password. */
    private static final char[] PASSWORD = "changeit".toCharArray();
    /** Days a keystore dbstudy makes is valid (create-rmi-keystore.sh makes one for 7 days). */
    static final int VALID_DAYS = 365;
    private static final Set<PosixFilePermission> OWNER_ONLY_DIRECTORY = PosixFilePermissions.fromString("rwx------");
    private static final Set<PosixFilePermission> OWNER_ONLY_FILE = PosixFilePermissions.fromString("rw-------");

    private RmiKeystore() {
    }

    /** JMeter's default keystore password (a copy each call: callers may clear it). */
    static char[] password() {
        return PASSWORD.clone();
    }

    /** Where dbstudy makes the keystore when none is given and the JMeter home has none: ~/.dbstudy/rmi_keystore.jks. */
    static Path defaultFile() {
        return Paths.get(System.getProperty("user.home"), ".dbstudy", FILE_NAME);
    }

    /** The keystore to use: the option, else the JMeter home's, else the default file (which may not exist yet). */
    static Path locate(Path option, JMeterHome home) {
        if (option != null) {
            return option.toAbsolutePath().normalize();
        }
        Path inHome = home.home().resolve("bin").resolve(FILE_NAME);
        return Files.isRegularFile(inHome) ? inHome : defaultFile();
    }

    /**
     * Makes a keystore at {@code file} with the JDK's keytool, readable by its owner only from its first
     * byte: keytool writes it in a directory of its own that only this user can enter, and it is linked into
     * place with mode 0600, so two agents starting at once both end up with the one that won. The directory
     * it goes in is made 0700 when missing; one that others can enter is refused, never changed (the user
     * may share it on purpose).
     *
     * @return false when another process made {@code file} first (that one is kept)
     * @throws UserError when {@code file}'s directory is another user's or open to others, with what to do
     */
    public static boolean create(Path file) throws IOException, InterruptedException {
        Path dir = file.toAbsolutePath().getParent();
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
        }
        String owner = Files.getOwner(dir).getName();
        String self = System.getProperty("user.name");
        if (!owner.equals(self)) {
            throw new UserError("RMI keystore " + file + ": its directory " + dir + " is owned by " + owner + ", not by "
                    + self + ", who could replace the keystore: give --rmi-keystore a file in a directory of your own");
        }
        String open = openToOthers(Files.getPosixFilePermissions(dir));
        if (open != null) {
            throw new UserError("RMI keystore " + file + ": its directory " + dir + " is " + open + " ("
                    + PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)) + "), so the keystore could be"
                    + " copied or replaced: run chmod 700 " + dir + " and start again");
        }
        Path workDir = Files.createTempDirectory(dir, file.getFileName() + ".new-",
                PosixFilePermissions.asFileAttribute(OWNER_ONLY_DIRECTORY));
        Path made = workDir.resolve(file.getFileName());
        try {
            keytool(made);
            Files.setPosixFilePermissions(made, OWNER_ONLY_FILE);
            Files.createLink(file, made);
            return true;
        } catch (java.nio.file.FileAlreadyExistsException lost) {
            return false;
        } finally {
            Files.deleteIfExists(made);
            Files.deleteIfExists(workDir);
        }
    }

    /** What others may do with a file or directory, worst first; null when they may do nothing. */
    private static String openToOthers(Set<PosixFilePermission> p) {
        if (p.contains(PosixFilePermission.GROUP_WRITE) || p.contains(PosixFilePermission.OTHERS_WRITE)) {
            return "writable by others";
        }
        if (p.contains(PosixFilePermission.GROUP_READ) || p.contains(PosixFilePermission.OTHERS_READ)) {
            return "readable by others";
        }
        if (p.contains(PosixFilePermission.GROUP_EXECUTE) || p.contains(PosixFilePermission.OTHERS_EXECUTE)) {
            return "open to others";
        }
        return null;
    }

    /**
     * Refuses a keystore that is not this user's alone: owned by another user (who could replace it) or with
     * any group or other permission (whoever reads it can run code on the agents).
     */
    private static void checkPrivate(Path file, String what) {
        try {
            String owner = Files.getOwner(file).getName();
            String self = System.getProperty("user.name");
            if (!owner.equals(self)) {
                throw new UserError(what + " " + file + ": owned by " + owner + ", not by " + self
                        + ", who could replace it: copy it (cp " + file + " ~/.dbstudy/" + FILE_NAME + "), chmod 600 the copy"
                        + " and use that");
            }
            Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
            String open = openToOthers(permissions);
            if (open != null) {
                throw new UserError(what + " " + file + ": " + open + " (" + PosixFilePermissions.toString(permissions)
                        + "), and whoever reads it can run code on the agents: run chmod 600 " + file);
            }
        } catch (IOException e) {
            throw new UserError(what + " " + file + ": cannot read its owner and permissions (" + e.getMessage() + ")");
        }
    }

    private static void keytool(Path file) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-alias", ALIAS, "-keyalg", "RSA", "-keysize", "2048",
                "-validity", Integer.toString(VALID_DAYS), "-storetype", TYPE, "-keystore", file.toString(),
                "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD),
                "-dname", "CN=dbstudy JMeter RMI, O=dbstudy"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.isRegularFile(file)) {
            p.destroyForcibly();
            throw new IOException("keytool could not make " + file + ": " + output);
        }
    }

    /**
     * Checks that {@code file} is a keystore JMeter can use now: this user's alone (see
     * {@link #checkPrivate}), readable with JMeter's default
     * password, a key under alias {@code rmi}, its certificate valid today.
     *
     * @param what how the user named it, for the message
     * @throws UserError naming the file and what to do
     */
    static void check(Path file, String what) {
        checkPrivate(file, what);
        KeyStore store;
        try (InputStream in = Files.newInputStream(file)) {
            store = KeyStore.getInstance(TYPE);
            store.load(in, PASSWORD);
        } catch (IOException | GeneralSecurityException e) {
            throw new UserError(what + " " + file + ": not a JKS keystore with JMeter's default password (" + e.getMessage()
                    + "); make one with JMeter's bin/create-rmi-keystore.sh or delete it and let 'dbstudy agent' make one");
        }
        try {
            if (!store.isKeyEntry(ALIAS) || !(store.getCertificate(ALIAS) instanceof X509Certificate cert)) {
                throw new UserError(what + " " + file + ": no key with alias '" + ALIAS + "' (JMeter's server.rmi.ssl.keystore.alias)");
            }
            cert.checkValidity(new Date());
        } catch (CertificateExpiredException | CertificateNotYetValidException e) {
            throw new UserError(what + " " + file + ": its certificate is not valid today (" + e.getMessage()
                    + "); make a new one and copy it to the runner and every agent");
        } catch (java.security.KeyStoreException e) {
            throw new UserError(what + " " + file + ": unreadable keystore (" + e.getMessage() + ")");
        }
    }
}
