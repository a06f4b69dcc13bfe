package org.dbstudy.cli.run;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.cli.failure.EnvironmentError;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.cli.server.ServerFamily;
import org.dbstudy.vocabulary.files.EnvironmentFile;

/**
 * What a run ran on, written to {@code environment.json} so a report can say it: the database
 * product and version as the server states them (not the driver), and the settings that shape
 * results, durability included; driver, JMeter and Java versions; the
 * client's cores and memory. Credentials never: the URL is redacted and no password is read. The keys and
 * the file's form are the vocabulary's {@link EnvironmentFile}, which the analysis reads with.
 */
final class EnvironmentCapture {

    private EnvironmentCapture() {
    }

    static Map<String, Object> capture(ConnectionSettings db, String study, String target, List<String> agents,
                                       JMeterHome home) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put(EnvironmentFile.DBSTUDY, BuildInfo.current().asMap(home));
        Map<String, Object> run = new LinkedHashMap<>();
        run.put(EnvironmentFile.STUDY, study);
        run.put(EnvironmentFile.TARGET, target);
        run.put(EnvironmentFile.STARTED, Instant.now().toString());
        run.put(EnvironmentFile.AGENTS, agents.isEmpty() ? "none (local JMeter)" : String.join(", ", agents));
        env.put(EnvironmentFile.RUN, run);

        Map<String, Object> database = new LinkedHashMap<>();
        database.put(EnvironmentFile.URL, db.redactedUrl());
        database.put(EnvironmentFile.USER, db.user());
        try (Connection c = db.connect()) {
            DatabaseMetaData meta = c.getMetaData();
            ServerFamily family = ServerFamily.of(db.kind());
            ServerFamily.Identity server = family.identify(c);
            database.put(EnvironmentFile.PRODUCT, server.product());
            database.put(EnvironmentFile.VERSION, server.version());
            database.put(EnvironmentFile.SERVER, server.description());
            database.put(EnvironmentFile.DRIVER, meta.getDriverName() + " " + meta.getDriverVersion());
            database.put(EnvironmentFile.SETTINGS, family.settings(c));
        } catch (SQLException e) {
            database.put(EnvironmentFile.ERROR, Preflight.databaseProblem(db, e));
        }
        env.put(EnvironmentFile.DATABASE, database);

        Map<String, Object> client = new LinkedHashMap<>();
        client.put(EnvironmentFile.JMETER, BuildInfo.current().jmeter());
        client.put(EnvironmentFile.JMETER_HOME, home.home().toString());
        client.put(EnvironmentFile.JAVA, System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        // The Java the samples ran on: the CLI's own unless --jmeter-java or DBSTUDY_JMETER_JAVA chose another.
        client.put(EnvironmentFile.JMETER_JAVA, home.java().description() + " (" + home.java().executable() + ")");
        client.put(EnvironmentFile.OS, System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        client.put(EnvironmentFile.CORES, Integer.toString(Runtime.getRuntime().availableProcessors()));
        client.put(EnvironmentFile.MEMORY_MB, Long.toString(totalMemoryMb()));
        client.put(EnvironmentFile.JDBC_DRIVERS, drivers(home));
        env.put(EnvironmentFile.CLIENT, client);
        return env;
    }

    /**
     * Adds one cell's server settings as the server had them before the cell ran ({@code server.<setting>}
     * factors read back) to {@code file}, under {@value EnvironmentFile#SERVER_SETTINGS_PER_CELL}; the report lists them.
     */
    @SuppressWarnings("unchecked")
    static void recordServerSettings(Path file, String planBase, Map<String, String> effective) throws IOException {
        Map<String, Object> env = read(file);
        Map<String, Object> perCell = (Map<String, Object>) env.computeIfAbsent(EnvironmentFile.SERVER_SETTINGS_PER_CELL,
                k -> new LinkedHashMap<String, Object>());
        perCell.put(planBase, new LinkedHashMap<>(effective));
        write(file, env);
    }

    /** How the cells' JMeter JVM ran (heap, class-data archive): {@code client.jmeter_jvm} in environment.json. */
    @SuppressWarnings("unchecked")
    static void recordJMeterJvm(Path file, List<String> options) throws IOException {
        Map<String, Object> env = read(file);
        Map<String, Object> client = (Map<String, Object>) env.computeIfAbsent(EnvironmentFile.CLIENT,
                k -> new LinkedHashMap<String, Object>());
        client.put(EnvironmentFile.JMETER_JVM, String.join(" ", options));
        write(file, env);
    }

    /** The file as this run wrote it so far; none yet is an empty object. */
    private static Map<String, Object> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return new LinkedHashMap<>();
        }
        try {
            return EnvironmentFile.read(Files.readString(file, StandardCharsets.UTF_8));
        } catch (EnvironmentFile.FormatException e) {
            throw new IOException(file + ":" + e.line() + ": " + e.problem(), e);
        }
    }

    /** {@link EnvironmentFile#write}'s text, UTF-8. */
    static void write(Path file, Map<String, Object> env) throws IOException {
        try {
            Files.writeString(file, EnvironmentFile.write(env), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw EnvironmentError.naming(file, e);
        }
    }

    private static long totalMemoryMb() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize() / (1024 * 1024);
        }
        return -1;
    }

    /** The driver jars JMeter will load, by file name (their versions are in the names), also those passed to it. */
    private static String drivers(JMeterHome home) {
        return String.join(", ", home.driverJars());
    }
}
