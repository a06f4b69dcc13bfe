package org.dbstudy.databases;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The operating-system account the embedded servers run as: this process's own, or, when this process
 * runs as root, the system account {@value #SYSTEM_ACCOUNT} (no home, no login shell), created on first
 * need. A server run as root would hand root's files to anyone who reaches it as its superuser
 * (PostgreSQL's {@code COPY … TO PROGRAM}, MariaDB's {@code INTO OUTFILE}); {@code nobody} is no
 * choice either, since every other unprivileged service shares it.
 */
final class ServerAccount {
    static final String SYSTEM_ACCOUNT = "dbstudy";
    private static final String SETPRIV = "/usr/bin/setpriv";
    private static ServerAccount current;

    /** Null when the servers run as this process's own user. */
    private final String name;

    private ServerAccount(String name) {
        this.name = name;
    }

    /** The account for this process's servers; creates {@value #SYSTEM_ACCOUNT} when root needs it. */
    static synchronized ServerAccount forServers() {
        if (current == null) {
            current = new ServerAccount(runsAsRoot() ? systemAccount() : null);
        }
        return current;
    }

    static boolean runsAsRoot() {
        return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
    }

    /** Whether servers run as another user than this process's. */
    boolean switches() {
        return name != null;
    }

    /** The account's name, for {@code mariadbd --user}; only when {@link #switches()}. */
    String name() {
        return name;
    }

    /** {@code argv} as run by the account: through {@code setpriv} when it is another user's. */
    List<String> command(List<String> argv) {
        if (!switches()) {
            return argv;
        }
        List<String> command = new ArrayList<>(List.of(SETPRIV, "--reuid=" + name, "--regid=" + name, "--init-groups", "--"));
        command.addAll(argv);
        return command;
    }

    /**
     * Gives {@code path} and everything below it to the account (nothing to do when it is ours). The
     * folders above it must let others pass, or the account could not reach its own files: a
     * temporary directory of mode 0700 (a test's, say) is one line naming it, not a server that fails
     * with "Permission denied" in its log.
     */
    void own(Path path) throws IOException {
        if (!switches()) {
            return;
        }
        for (Path above = path.toAbsolutePath().getParent(); above != null; above = above.getParent()) {
            if (!Files.getPosixFilePermissions(above).contains(java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)
                    && !Files.getOwner(above).getName().equals(name)) {
                throw new IOException("the account '" + name + "' that embedded servers run as (dbstudy runs as root) cannot"
                        + " pass " + above + " (mode " + java.nio.file.attribute.PosixFilePermissions.toString(
                        Files.getPosixFilePermissions(above)) + ") to reach " + path + "; give java.io.tmpdir a folder others"
                        + " may pass, such as /tmp");
            }
        }
        UserPrincipalLookupService lookup = path.getFileSystem().getUserPrincipalLookupService();
        var user = lookup.lookupPrincipalByName(name);
        var group = lookup.lookupPrincipalByGroupName(name);
        try (Stream<Path> all = Files.walk(path)) {
            for (Path p : all.toList()) {
                PosixFileAttributeView view = Files.getFileAttributeView(p, PosixFileAttributeView.class,
                        java.nio.file.LinkOption.NOFOLLOW_LINKS);
                view.setOwner(user);
                view.setGroup(group);
            }
        }
    }

    /** The system account, created the first time a root process needs it (said once on stderr). */
    private static String systemAccount() {
        if (!new java.io.File(SETPRIV).canExecute()) {
            throw new IllegalStateException("embedded servers run as the account '" + SYSTEM_ACCOUNT
                    + "' when dbstudy runs as root, which needs util-linux's " + SETPRIV + "; install util-linux");
        }
        if (exists()) {
            return SYSTEM_ACCOUNT;
        }
        String output = run(List.of("useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent",
                "--shell", "/usr/sbin/nologin", SYSTEM_ACCOUNT));
        if (!exists()) { // another process may have created it at the same moment: then it exists now
            throw new IllegalStateException("could not create the system account '" + SYSTEM_ACCOUNT
                    + "' that embedded servers run as when dbstudy runs as root: " + output.strip()
                    + "; create it with 'useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "
                    + SYSTEM_ACCOUNT + "'");
        }
        System.err.println("[dbstudy] created the system account '" + SYSTEM_ACCOUNT
                + "' (no home, no login): embedded servers run as it, never as root");
        return SYSTEM_ACCOUNT;
    }

    private static boolean exists() {
        return run(List.of("getent", "passwd", SYSTEM_ACCOUNT)).startsWith(SYSTEM_ACCOUNT + ":");
    }

    private static String run(List<String> argv) {
        ProcessBuilder builder = new ProcessBuilder(argv).redirectErrorStream(true);
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/sbin:/usr/bin:/sbin:/bin");
        try {
            Process process = builder.start();
            process.getOutputStream().close();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
            return output;
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** The environment of a server's processes: the locale and path, none of this process's secrets. */
    static void clean(Map<String, String> environment) {
        environment.keySet().removeIf(key -> !(key.equals("PATH") || key.equals("LANG") || key.equals("TZ")
                || key.startsWith("LC_")));
    }
}
