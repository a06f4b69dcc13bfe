package org.dbstudy.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * The JMeter installation dbstudy runs cells with: the one {@code jmeter-home} assembles (found next
 * to this checkout), or another 5.6.3 home named by {@code DBSTUDY_JMETER_HOME} that has the dbstudy
 * plugin in lib/ext and the JDBC drivers in lib.
 */
final class JMeterHome {
    private final Path home;

    private JMeterHome(Path home) {
        this.home = home;
    }

    static JMeterHome locate() {
        List<Path> candidates = new ArrayList<>();
        String env = System.getenv("DBSTUDY_JMETER_HOME");
        if (env != null && !env.isBlank()) {
            candidates.add(Paths.get(env));
        }
        String root = System.getProperty("dbstudy.root");
        if (root != null) {
            candidates.add(Paths.get(root, "jmeter-home", "target", "jmeter"));
        }
        candidates.add(Paths.get("jmeter-home", "target", "jmeter"));
        for (Path p : candidates) {
            if (Files.isRegularFile(p.resolve("bin/ApacheJMeter.jar"))) {
                return new JMeterHome(p.toAbsolutePath().normalize());
            }
        }
        throw new UserError("no JMeter home found (looked in " + candidates
                + "); build it with 'mvn -q install -DskipTests' in the dbstudy checkout, or set DBSTUDY_JMETER_HOME");
    }

    /** The dbstudy checkout this CLI runs from (bin/dbstudy sets dbstudy.root). */
    static Path root() {
        String root = System.getProperty("dbstudy.root");
        return (root != null ? Paths.get(root) : Paths.get("")).toAbsolutePath().normalize();
    }

    Path home() { return home; }

    Path launcherJar() { return home.resolve("bin/ApacheJMeter.jar"); }

    /** The java that runs this CLI, so JMeter gets the same JDK. */
    static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /** The start of a command line that runs JMeter from this home. */
    List<String> command(String maxHeap) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.add("-Xmx" + maxHeap);
        return cmd;
    }
}
