package org.dbstudy.generator.plan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.jmeter.util.JMeterUtils;
import org.dbstudy.vocabulary.files.FileTrees;

/**
 * What SaveService needs before it can write or read a plan: a JMeter home holding
 * {@code bin/jmeter.properties}, {@code bin/saveservice.properties} and {@code bin/upgrade.properties}.
 * When the process has no JMeter home yet, those files are taken from the ApacheJMeter_config jar
 * into a per-user cache directory, once. SaveService trusts those files (they name the classes a plan
 * may load), and the cache sits in a directory every user can write to: it is used only when this
 * user owns it and no one else can write to it; otherwise this process takes a fresh private one.
 */
final class JMeterEnvironment {
    private static final List<String> FILES = List.of("jmeter.properties", "saveservice.properties",
            "upgrade.properties");
    private static boolean ready;

    private JMeterEnvironment() {
    }

    static synchronized void ensureReady() {
        if (ready) {
            return;
        }
        if (JMeterUtils.getJMeterHome() == null || JMeterUtils.getJMeterProperties() == null) {
            Path home = extractHome();
            JMeterUtils.setJMeterHome(home.toString());
            JMeterUtils.loadJMeterProperties(home.resolve("bin").resolve("jmeter.properties").toString());
            JMeterUtils.initLocale();
        }
        ready = true;
    }

    private static Path extractHome() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_-]", "_");
        Path cache = Path.of(System.getProperty("java.io.tmpdir"), "dbstudy-jmeter-home-" + user.toLowerCase(Locale.ROOT));
        Path home = cache;
        try {
            home = privateHome(cache);
            Path bin = Files.createDirectories(home.resolve("bin"));
            for (String name : FILES) {
                byte[] wanted = resource("/bin/" + name);
                Path file = bin.resolve(name);
                if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), wanted)) {
                    continue;
                }
                Path tmp = Files.createTempFile(bin, name, ".tmp");
                Files.write(tmp, wanted);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a JMeter home in " + home + " for SaveService", e);
        }
    }

    private static final FileAttribute<Set<PosixFilePermission>> OWNER_ONLY =
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"));

    /**
     * {@code cache} (made with mode 0700 if missing) when it and its {@code bin} are this user's own and
     * others cannot write to them; else a new directory of this process's own, mode 0700, deleted at exit.
     */
    static Path privateHome(Path cache) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createDirectories(cache);
            return cache;
        }
        try {
            Files.createDirectory(cache, OWNER_ONLY);
        } catch (FileAlreadyExistsException e) {
            // Made earlier, by this user or by another: looked at below.
        }
        Path bin = cache.resolve("bin");
        if (ownOnly(cache) && (Files.notExists(bin, LinkOption.NOFOLLOW_LINKS) || ownOnly(bin))) {
            return cache;
        }
        Path fresh = Files.createTempDirectory("dbstudy-jmeter-home-", OWNER_ONLY);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(fresh)));
        return fresh;
    }

    /** A directory itself (not a link) that this user owns and that neither group nor others may write to. */
    private static boolean ownOnly(Path dir) throws IOException {
        PosixFileAttributes a = Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        return a.isDirectory() && a.owner().getName().equals(System.getProperty("user.name"))
                && !a.permissions().contains(PosixFilePermission.GROUP_WRITE)
                && !a.permissions().contains(PosixFilePermission.OTHERS_WRITE);
    }

    private static void deleteQuietly(Path dir) {
        try {
            FileTrees.delete(dir);
        } catch (IOException e) {
            // Left in the temporary directory: private, and nothing trusts it after this process.
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = JMeterUtils.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not on the class path; add the ApacheJMeter_config dependency");
            }
            return in.readAllBytes();
        }
    }
}
