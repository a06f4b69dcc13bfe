package org.dbstudy.cli.jmeter;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.dbstudy.cli.failure.UserError;

/**
 * The JMeter installation dbstudy runs cells with, in this order: {@code --jmeter-home DIR},
 * {@code DBSTUDY_JMETER_HOME}, {@code JMETER_HOME}, else the bundled home (an unpacked release's
 * {@code jmeter/}, or in a checkout the one {@code jmeter-home} assembles). Any JMeter 5.6.x home
 * works: the jars it lacks (plugin, JDBC drivers) are passed to JMeter with {@code user.classpath}
 * and {@code search_paths} instead of being copied into it, unless {@code --install-plugin} asks for
 * a copy. dbstudy's own JMeter settings (CSV JTL columns, sub-results, flushing) come from the bundled
 * home's {@code user.properties} and are passed with {@code -q}, so a user's home keeps its files.
 */
public final class JMeterHome {
    private final Path home;
    private final List<PluginJars.Jar> borrowed;
    private final JMeterJava java;

    private JMeterHome(Path home, List<PluginJars.Jar> borrowed, JMeterJava java) {
        this.home = home;
        this.borrowed = borrowed;
        this.java = java;
    }

    /** The home and the Java from the environment, or the bundled home (tests, agents without options). */
    public static JMeterHome locate() {
        return locate(null, false);
    }

    static JMeterHome locate(Path option, boolean install) {
        return locate(option, install, JMeterJava.chosen(null));
    }

    /**
     * The home to run with.
     *
     * @param option  {@code --jmeter-home}, or null
     * @param install copy the plugin and drivers the home lacks into it ({@code --install-plugin})
     * @param java    the Java that runs JMeter ({@link JMeterJava#chosen})
     */
    static JMeterHome locate(Path option, boolean install, JMeterJava java) {
        Path chosen = chosen(option);
        if (install) {
            try {
                for (Path copied : PluginJars.install(chosen)) {
                    System.out.println("installed " + copied);
                }
            } catch (IOException e) {
                throw new UserError("--install-plugin: could not copy into " + chosen + ": " + e.getMessage());
            }
        }
        return new JMeterHome(chosen, PluginJars.missingFrom(chosen), java);
    }

    private static Path chosen(Path option) {
        if (option != null) {
            return checked(option, "--jmeter-home " + option);
        }
        for (String variable : List.of("DBSTUDY_JMETER_HOME", "JMETER_HOME")) {
            String value = System.getenv(variable);
            if (value != null && !value.isBlank()) {
                return checked(Paths.get(value), variable + "=" + value);
            }
        }
        return bundled().orElseThrow(() -> new UserError("no JMeter home: give --jmeter-home DIR or set JMETER_HOME to a JMeter 5.6.x"
                + " installation, or build the bundled one with 'mvn -q package -DskipTests' in the dbstudy checkout"));
    }

    /** A home the user named must be a JMeter 5.6.x installation: say so before any cell runs. */
    private static Path checked(Path dir, String what) {
        Path launcher = dir.resolve("bin/ApacheJMeter.jar");
        if (!Files.isRegularFile(launcher)) {
            throw new UserError(what + ": no bin/ApacheJMeter.jar there; give the directory of a JMeter 5.6.x installation");
        }
        String version = launcherVersion(launcher);
        if (!version.startsWith("5.6")) {
            throw new UserError(what + ": that is JMeter " + version + "; dbstudy's plugin is built for JMeter 5.6.x");
        }
        return dir.toAbsolutePath().normalize();
    }

    private static String launcherVersion(Path launcher) {
        try (JarFile jar = new JarFile(launcher.toFile())) {
            String v = jar.getManifest() == null ? null : jar.getManifest().getMainAttributes().getValue("Implementation-Version");
            return v == null ? "of unknown version" : v;
        } catch (IOException e) {
            return "unreadable (" + e.getMessage() + ")";
        }
    }

    /** The home that comes with dbstudy: an unpacked release's jmeter/, or jmeter-home's build output. */
    static Optional<Path> bundled() {
        for (Path p : List.of(root().resolve("jmeter"), root().resolve("jmeter-home/target/jmeter"), Paths.get("jmeter-home/target/jmeter"))) {
            if (Files.isRegularFile(p.resolve("bin/ApacheJMeter.jar"))) {
                return Optional.of(p.toAbsolutePath().normalize());
            }
        }
        return Optional.empty();
    }

    /** The dbstudy checkout or unpacked release this CLI runs from (bin/dbstudy sets dbstudy.root). */
    public static Path root() {
        String root = System.getProperty("dbstudy.root");
        return (root != null ? Paths.get(root) : Paths.get("")).toAbsolutePath().normalize();
    }

    public Path home() { return home; }

    public Path launcherJar() { return home.resolve("bin/ApacheJMeter.jar"); }

    /** Where JMeter finds the dbstudy plugin: the home's lib/ext, or the jar passed on user.classpath. */
    public String pluginSource() {
        return PluginJars.PLUGIN.in(home).map(Path::toString)
                .orElseGet(() -> PluginJars.PLUGIN.source() + " (passed with user.classpath; the home has none)");
    }

    /** The Java that runs JMeter: the CLI's own unless {@code --jmeter-java} or {@code DBSTUDY_JMETER_JAVA} names another. */
    public JMeterJava java() { return java; }

    /** JMeter's heap: fixed, since a heap that grows and shrinks during a cell was collected several times as often. */
    static final String HEAP = "1g";
    /**
     * JMeter's young generation, fixed at half the heap. G1 starts it at 5 % of the heap and grows it
     * over a cell's first seconds: 100 users reading 2000 rows every 0.1 s were collected every
     * 0.2 s with pauses of 6–20 ms while it grew, against every 2 s (3–10 ms) after.
     */
    static final String YOUNG = "512m";

    /**
     * The start of a command line that runs JMeter from this home, with its heap and young generation
     * fixed, and the home's class-data archive when it was made ({@link ClassDataArchive}).
     */
    public List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.executable().toString());
        cmd.addAll(jvmOptions());
        return cmd;
    }

    /** The JMeter JVM's options, as the environment records how the client ran. */
    public List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-Xms" + HEAP, "-Xmx" + HEAP, "-Xmn" + YOUNG));
        options.addAll(ClassDataArchive.options(home, java));
        return options;
    }

    /**
     * Turns off the UDP port a non-GUI JMeter listens on for {@code StopTestNow}, {@code Shutdown},
     * {@code HeapDump} and {@code ThreadDump} (4445, or the next free up to 4455): any local user can
     * send to it. JMeter opens it only for a port above 1000. dbstudy stops a cell through its own
     * channel, the JMeter process it started.
     */
    public static final String NO_CONTROL_PORT = "-Jjmeterengine.nongui.port=0";

    /**
     * JMeter options every dbstudy run of this home needs (after {@code -jar ApacheJMeter.jar}):
     * dbstudy's JTL settings, the plugin and drivers the home lacks, and no UDP control port
     * ({@link #NO_CONTROL_PORT}, last, so no properties file of the home reopens it).
     */
    public List<String> jmeterArgs() {
        List<String> args = new ArrayList<>();
        Optional<Path> bundled = bundled();
        if (bundled.isPresent() && !bundled.get().equals(home)) {
            args.add("-q");
            args.add(bundled.get().resolve("bin/user.properties").toString());
        }
        if (!borrowed.isEmpty()) {
            List<String> jars = borrowed.stream().map(j -> j.source().toString()).toList();
            // Kept: whatever the home's own properties already put on these paths.
            args.add("-Juser.classpath=" + joined(homeProperty("user.classpath"), String.join(File.pathSeparator, jars), File.pathSeparator));
            args.add("-Jsearch_paths=" + joined(homeProperty("search_paths"), String.join(";", jars), ";"));
        }
        args.add(NO_CONTROL_PORT);
        return args;
    }

    private static String joined(String existing, String added, String separator) {
        return existing.isBlank() ? added : existing + separator + added;
    }

    /** A property as the home's jmeter.properties and user.properties set it ("" if neither does). */
    private String homeProperty(String key) {
        Properties p = new Properties();
        for (String file : List.of("bin/jmeter.properties", "bin/user.properties")) {
            Path f = home.resolve(file);
            if (Files.isRegularFile(f)) {
                try (InputStream in = Files.newInputStream(f)) {
                    p.load(in);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return p.getProperty(key, "").trim();
    }

    /** The JDBC driver jars JMeter will load, by file name: the home's own and those passed to it. */
    public List<String> driverJars() {
        return PluginJars.ALL.stream().filter(j -> j != PluginJars.PLUGIN)
                .map(j -> j.in(home).orElseGet(j::source).getFileName().toString()).sorted().toList();
    }

    @Override
    public String toString() {
        return home + (borrowed.isEmpty() ? "" : " (without installing into it: "
                + borrowed.stream().map(j -> j.source().getFileName().toString()).collect(Collectors.joining(", "))
                + " passed on user.classpath)");
    }
}
