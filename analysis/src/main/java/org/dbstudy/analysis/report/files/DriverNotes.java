package org.dbstudy.analysis.report.files;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.files.EnvironmentFile;

/**
 * What a comparison of targets really compares, from the runs' {@code environment.json}: a target whose
 * server is another product than its name says (the {@code mysql} target run against MariaDB measures
 * MySQL Connector/J on MariaDB, not a MySQL server), and targets that ran on one server product through
 * different JDBC drivers (then they compare the drivers, not two servers). Said in the warnings and
 * wherever the report compares targets.
 */
public final class DriverNotes {
    private static final String TARGET = EnvironmentFile.path(EnvironmentFile.RUN, EnvironmentFile.TARGET);
    private static final String PRODUCT = EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.PRODUCT);
    private static final String VERSION = EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.VERSION);
    private static final String DRIVER = EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.DRIVER);

    private DriverNotes() {
    }

    /** One line per finding, in run order; empty when every target ran on its own kind of server. */
    public static List<String> of(Map<String, Map<String, String>> environments) {
        List<String> notes = new ArrayList<>();
        Map<String, Map<String, String>> byServer = new LinkedHashMap<>();
        environments.forEach((run, env) -> {
            DatabaseKind target = DatabaseKind.parse(env.getOrDefault(TARGET, ""));
            DatabaseKind server = DatabaseKind.fromServerText(env.get(PRODUCT));
            String product = env.getOrDefault(PRODUCT, "") + " " + env.getOrDefault(VERSION, "");
            if (target != null && server != null && target != server) {
                notes.add((environments.size() > 1 ? "run " + run + ": " : "") + "the " + target.id()
                        + " target ran on a " + product.strip() + " server, so it measures " + env.getOrDefault(DRIVER, "its driver")
                        + " against " + server.displayName() + ", not a " + target.displayName() + " server");
            }
            if (server != null) {
                byServer.computeIfAbsent(product.strip(), k -> new LinkedHashMap<>()).put(run, env.getOrDefault(DRIVER, ""));
            }
        });
        byServer.forEach((product, drivers) -> {
            if (drivers.values().stream().distinct().count() > 1) {
                List<String> each = new ArrayList<>();
                drivers.forEach((run, driver) -> each.add(run + ": " + driver));
                notes.add("runs " + String.join(", ", drivers.keySet()) + " ran on the same server product, " + product
                        + ", through different JDBC drivers (" + String.join("; ", each) + "): a comparison between them"
                        + " measures the drivers, not two servers");
            }
        });
        return notes;
    }
}
