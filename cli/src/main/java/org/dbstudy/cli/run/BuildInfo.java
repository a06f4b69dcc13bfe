package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.vocabulary.files.EnvironmentFile;

/**
 * Which dbstudy build this is: its version, the git commit it was built from and whether that
 * working tree had uncommitted changes ("unknown" for a build from a source archive without git).
 * The build writes them into version.properties and every jar's manifest.
 */
public record BuildInfo(String version, String commit, String uncommittedChanges, String jmeter) {
    public static BuildInfo current() {
        Properties p = properties();
        return new BuildInfo(p.getProperty("version"), p.getProperty("commit", "unknown"),
                p.getProperty("dirty", "unknown"), p.getProperty("jmeter"));
    }

    /** The build's version.properties, beside this class. */
    private static Properties properties() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("version.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** One line: version, then commit and working-tree state. */
    public String describe() {
        String changes = switch (uncommittedChanges) {
            case "true" -> ", with uncommitted changes";
            case "false" -> "";
            default -> ", working tree state unknown";
        };
        return "dbstudy " + version + " (commit " + commit + changes + ")";
    }

    /** For environment.json: what produced a result, and where JMeter found the plugin. */
    Map<String, Object> asMap(JMeterHome home) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(EnvironmentFile.VERSION, version);
        m.put(EnvironmentFile.COMMIT, commit);
        m.put(EnvironmentFile.UNCOMMITTED_CHANGES, uncommittedChanges);
        m.put(EnvironmentFile.PLUGIN, home.pluginSource());
        return m;
    }
}
