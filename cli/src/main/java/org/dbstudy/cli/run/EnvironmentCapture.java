package org.dbstudy.cli.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
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

/**
 * What a run ran on, written to {@code environment.json} so a report can say it: the database
 * product and version as the server states them (not the driver), and the settings that shape
 * results, durability included; driver, JMeter and Java versions; the
 * client's cores and memory. Credentials never: the URL is redacted and no password is read.
 */
final class EnvironmentCapture {
    private static final ObjectWriter JSON = new ObjectMapper().writerWithDefaultPrettyPrinter();

    private EnvironmentCapture() {
    }

    static Map<String, Object> capture(ConnectionSettings db, String study, String target, List<String> agents,
                                       JMeterHome home) {
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("dbstudy", BuildInfo.current().asMap(home));
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("study", study);
        run.put("target", target);
        run.put("started", Instant.now().toString());
        run.put("agents", agents.isEmpty() ? "none (local JMeter)" : String.join(", ", agents));
        env.put("run", run);

        Map<String, Object> database = new LinkedHashMap<>();
        database.put("url", db.redactedUrl());
        database.put("user", db.user());
        try (Connection c = db.connect()) {
            DatabaseMetaData meta = c.getMetaData();
            ServerFamily family = ServerFamily.of(db.kind());
            ServerFamily.Identity server = family.identify(c);
            database.put("product", server.product());
            database.put("version", server.version());
            database.put("server", server.description());
            database.put("driver", meta.getDriverName() + " " + meta.getDriverVersion());
            database.put("settings", family.settings(c));
        } catch (SQLException e) {
            database.put("error", Preflight.databaseProblem(db, e));
        }
        env.put("database", database);

        Map<String, Object> client = new LinkedHashMap<>();
        client.put("jmeter", BuildInfo.current().jmeter());
        client.put("jmeter_home", home.home().toString());
        client.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        // The Java the samples ran on: the CLI's own unless --jmeter-java or DBSTUDY_JMETER_JAVA chose another.
        client.put("jmeter_java", home.java().description() + " (" + home.java().executable() + ")");
        client.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        client.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        client.put("memory_mb", Long.toString(totalMemoryMb()));
        client.put("jdbc_drivers", drivers(home));
        env.put("client", client);
        return env;
    }

    /** The object of environment.json that holds each cell's effective server settings, by plan name. */
    static final String SERVER_SETTINGS_PER_CELL = "server_settings_per_cell";

    /**
     * Adds one cell's server settings as the server had them before the cell ran ({@code server.<setting>}
     * factors read back) to {@code file}, under {@value #SERVER_SETTINGS_PER_CELL}; the report lists them.
     */
    @SuppressWarnings("unchecked")
    static void recordServerSettings(Path file, String planBase, Map<String, String> effective) throws IOException {
        Map<String, Object> env = Files.isRegularFile(file)
                ? new ObjectMapper().readValue(file.toFile(), LinkedHashMap.class) : new LinkedHashMap<>();
        Map<String, Object> perCell = (Map<String, Object>) env.computeIfAbsent(SERVER_SETTINGS_PER_CELL,
                k -> new LinkedHashMap<String, Object>());
        perCell.put(planBase, new LinkedHashMap<>(effective));
        write(file, env);
    }

    /** How the cells' JMeter JVM ran (heap, class-data archive): {@code client.jmeter_jvm} in environment.json. */
    @SuppressWarnings("unchecked")
    static void recordJMeterJvm(Path file, List<String> options) throws IOException {
        Map<String, Object> env = Files.isRegularFile(file)
                ? new ObjectMapper().readValue(file.toFile(), LinkedHashMap.class) : new LinkedHashMap<>();
        Map<String, Object> client = (Map<String, Object>) env.computeIfAbsent("client", k -> new LinkedHashMap<String, Object>());
        client.put("jmeter_jvm", String.join(" ", options));
        write(file, env);
    }

    /** Pretty-printed JSON (Jackson, the version JMeter ships), keys in insertion order, UTF-8. */
    static void write(Path file, Map<String, Object> env) throws IOException {
        try {
            Files.writeString(file, JSON.writeValueAsString(env) + "\n", StandardCharsets.UTF_8);
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
