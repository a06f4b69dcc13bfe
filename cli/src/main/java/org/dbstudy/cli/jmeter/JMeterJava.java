package org.dbstudy.cli.jmeter;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.cli.failure.UserError;

/**
 * The Java that runs JMeter, in this order: {@code --jmeter-java}, {@code DBSTUDY_JMETER_JAVA}, else
 * the JVM that runs the CLI. JMeter may run on a newer JDK than the CLI: on TPC-C with 16 terminals,
 * JMeter on JDK 25 spent about half the client CPU per transaction that it spent on JDK 17, most of
 * the difference being the JIT compiler (docs/benchmarks.md). The CLI keeps the JDK it was built for.
 *
 * @param executable  the {@code java} launcher
 * @param feature     its feature release (17, 21, 25, …)
 * @param description vendor and version, as environment.json records it
 */
public record JMeterJava(Path executable, int feature, String description) {
    /** The plugin is compiled for Java 17: an older JVM cannot load it. */
    static final int OLDEST = 17;
    static final String VARIABLE = "DBSTUDY_JMETER_JAVA";
    private static final Pattern VERSION = Pattern.compile("(?:1\\.)?(\\d+)");

    /** The JVM running this CLI. */
    public static JMeterJava current() {
        Path exe = ProcessHandle.current().info().command().map(Path::of)
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
        return new JMeterJava(exe, Runtime.version().feature(),
                System.getProperty("java.vendor") + " " + System.getProperty("java.version"));
    }

    /** {@code --jmeter-java} if given, else {@value #VARIABLE} if set, else {@link #current()}. */
    public static JMeterJava chosen(Path option) {
        if (option != null) {
            return at(option, "--jmeter-java " + option);
        }
        String value = System.getenv(VARIABLE);
        if (value != null && !value.isBlank()) {
            return at(Path.of(value.strip()), VARIABLE + "=" + value.strip());
        }
        return current();
    }

    /** A {@code java} launcher, or a JDK folder holding {@code bin/java}; {@code what} names where it came from. */
    static JMeterJava at(Path given, String what) {
        Path exe = Files.isDirectory(given) ? given.resolve("bin").resolve("java") : given;
        if (!Files.isRegularFile(exe) || !Files.isExecutable(exe)) {
            throw new UserError(what + ": no java launcher there; give a Java " + OLDEST
                    + " or newer: its bin/java or the JDK's folder (e.g. /usr/lib/jvm/temurin-25-jdk-amd64)");
        }
        exe = exe.toAbsolutePath().normalize();
        String[] vendorVersion = fromReleaseFile(exe);
        if (vendorVersion == null) {
            vendorVersion = fromLauncher(exe, what);
        }
        int feature = feature(vendorVersion[1]);
        if (feature < OLDEST) {
            throw new UserError(what + ": that is Java " + vendorVersion[1] + "; JMeter with dbstudy's plugin needs Java "
                    + OLDEST + " or newer");
        }
        return new JMeterJava(exe, feature, (vendorVersion[0] + " " + vendorVersion[1]).strip());
    }

    /** The feature release of a version string: "25.0.3" → 25, "1.8.0_402" → 8; 0 when unreadable. */
    static int feature(String version) {
        Matcher m = VERSION.matcher(version == null ? "" : version.strip());
        return m.lookingAt() ? Integer.parseInt(m.group(1)) : 0;
    }

    /** A JDK's {@code release} file (JAVA_VERSION, IMPLEMENTOR) beside its bin/: no process to start. */
    private static String[] fromReleaseFile(Path exe) {
        Path bin = exe.getParent();
        Path release = bin == null || bin.getParent() == null ? null : bin.getParent().resolve("release");
        if (release == null || !Files.isRegularFile(release)) {
            return null;
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(release)) {
            p.load(in);
        } catch (IOException e) {
            return null;
        }
        String version = unquoted(p.getProperty("JAVA_VERSION"));
        return version.isEmpty() ? null : new String[] {unquoted(p.getProperty("IMPLEMENTOR")), version};
    }

    /** Asks the launcher itself: {@code java -XshowSettings:properties -version} lists java.vendor and java.version. */
    private static String[] fromLauncher(Path exe, String what) {
        try {
            Process p = new ProcessBuilder(List.of(exe.toString(), "-XshowSettings:properties", "-version"))
                    .redirectErrorStream(true).start();
            // Waited for before reading, so the timeout holds for a launcher that hangs: what it prints
            // (a few KB of properties) fits in the pipe.
            if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new UserError(what + ": '" + exe + " -version' failed; give a working Java " + OLDEST + " or newer");
            }
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return new String[] {property(out, "java.vendor"), property(out, "java.version")};
        } catch (IOException e) {
            throw new UserError(what + ": could not start " + exe + " (" + e.getMessage() + "); give a working Java "
                    + OLDEST + " or newer");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UserError(what + ": interrupted while asking " + exe + " for its version");
        }
    }

    private static String property(String settings, String key) {
        Matcher m = Pattern.compile("^\\s*" + Pattern.quote(key) + " = (.*)$", Pattern.MULTILINE).matcher(settings);
        return m.find() ? m.group(1).strip() : "";
    }

    private static String unquoted(String s) {
        return s == null ? "" : s.strip().replaceAll("^\"|\"$", "");
    }

    /** What the class-data archive depends on: which launcher, which release, which build of its JVM library. */
    String identity() {
        Path jdk = executable.getParent() == null ? null : executable.getParent().getParent();
        Path libjvm = jdk == null ? null : jdk.resolve("lib/server/libjvm.so");
        String built = "";
        try {
            built = libjvm != null && Files.isRegularFile(libjvm) ? Long.toString(Files.getLastModifiedTime(libjvm).toMillis()) : "";
        } catch (IOException e) {
            built = "unreadable";
        }
        return executable + "\n" + description + "\n" + built;
    }
}
