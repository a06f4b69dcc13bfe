package org.dbstudy.distribution;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;

/**
 * What the build made and the tests need: the release archive unpacked outside the checkout (once
 * per JVM, in the system temp directory), and stock JMeter homes without dbstudy.
 */
final class Release {
    private static Path unpacked;

    private Release() {
    }

    static String version() {
        return System.getProperty("dbstudy.version");
    }

    /** The tar.gz unpacked into a fresh temp directory: dbstudy-VERSION/. */
    static synchronized Path unpacked() throws IOException, InterruptedException {
        if (unpacked == null) {
            Path dir = Files.createTempDirectory("dbstudy-release-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(dir)));
            Command.of(dir, "tar", "xzf", System.getProperty("dbstudy.archive")).succeed(120);
            unpacked = dir.resolve("dbstudy-" + version());
        }
        return unpacked;
    }

    /**
     * A stock JMeter 5.6.3 home in {@code dir/jmeter}: the release's bundled home without what dbstudy
     * adds to it (plugin, drivers, templates, its user.properties, which is replaced by JMeter's own).
     * Checked: no jar in it holds a dbstudy class or a driver of ours.
     */
    static Path stockJMeter(Path dir) throws IOException, InterruptedException {
        Path home = dir.resolve("jmeter");
        copyTree(unpacked().resolve("jmeter"), home);
        try (Stream<Path> files = Files.walk(home)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith("dbstudy") || name.startsWith("postgresql-") || name.startsWith("mariadb-java-client-")
                        || name.startsWith("mysql-connector-j-") || f.startsWith(home.resolve("lib/junit"))) {
                    Files.delete(f);
                }
            }
        }
        try (JarFile config = new JarFile(System.getProperty("jmeter.config.jar"));
             InputStream in = config.getInputStream(new ZipEntry("bin/user.properties"))) {
            Files.copy(in, home.resolve("bin/user.properties"), StandardCopyOption.REPLACE_EXISTING);
        }
        List<String> foreign = jarsWith(home, "org/dbstudy/", "org/postgresql/Driver.class",
                "org/mariadb/jdbc/Driver.class", "com/mysql/cj/jdbc/Driver.class");
        if (!foreign.isEmpty()) {
            throw new AssertionError("the stock JMeter home is not stock: " + foreign);
        }
        return home;
    }

    /** The jars under a directory that contain an entry starting with one of the prefixes. */
    static List<String> jarsWith(Path dir, String... prefixes) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".jar")).toList()) {
                try (JarFile jar = new JarFile(f.toFile())) {
                    if (jar.stream().anyMatch(e -> Stream.of(prefixes).anyMatch(e.getName()::startsWith))) {
                        found.add(dir.relativize(f).toString());
                    }
                }
            }
        }
        return found;
    }

    /** Every file under a directory with its size and time: a listing that changes when anything does. */
    static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(p -> {
                try {
                    return dir.relativize(p) + " " + Files.size(p) + " " + Files.getLastModifiedTime(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).sorted().toList();
        }
    }

    /** The connection as JMeter properties in an owner-only file (passed with -q, never on a command line). */
    static Path dbProperties(Path dir, String url, String user, String password) throws IOException {
        Properties p = new Properties();
        p.setProperty("db.url", url);
        p.setProperty("db.user", user);
        p.setProperty("db.password", password == null ? "" : password);
        Path file = dir.resolve("db.properties");
        Files.createFile(file, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------")));
        try (var out = Files.newOutputStream(file)) {
            p.store(out, null);
        }
        return file;
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // Best effort at JVM exit: the temp directory is the system's to clean.
        }
    }
}
