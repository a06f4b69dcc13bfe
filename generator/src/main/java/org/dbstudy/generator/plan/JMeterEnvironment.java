package org.dbstudy.generator.plan;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.jmeter.util.JMeterUtils;

/**
 * What SaveService needs before it can write or read a plan: a JMeter home holding
 * {@code bin/jmeter.properties}, {@code bin/saveservice.properties} and {@code bin/upgrade.properties}.
 * When the process has no JMeter home yet, those files are taken from the ApacheJMeter_config jar
 * into a per-user cache directory, once.
 */
final class JMeterEnvironment {
    private static final List<String> FILES = List.of("jmeter.properties", "saveservice.properties",
            "upgrade.properties");
    private static boolean ready;

    private JMeterEnvironment() {
    }

    static synchronized void ensureReady() {
        if (ready) {
            return;
        }
        if (JMeterUtils.getJMeterHome() == null || JMeterUtils.getJMeterProperties() == null) {
            Path home = extractHome();
            JMeterUtils.setJMeterHome(home.toString());
            JMeterUtils.loadJMeterProperties(home.resolve("bin").resolve("jmeter.properties").toString());
            JMeterUtils.initLocale();
        }
        ready = true;
    }

    private static Path extractHome() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9_-]", "_");
        Path home = Path.of(System.getProperty("java.io.tmpdir"), "dbstudy-jmeter-home-" + user.toLowerCase(Locale.ROOT));
        try {
            Path bin = Files.createDirectories(home.resolve("bin"));
            for (String name : FILES) {
                byte[] wanted = resource("/bin/" + name);
                Path file = bin.resolve(name);
                if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), wanted)) {
                    continue;
                }
                Path tmp = Files.createTempFile(bin, name, ".tmp");
                Files.write(tmp, wanted);
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            return home;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a JMeter home in " + home + " for SaveService", e);
        }
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = JMeterUtils.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException(name + " is not on the class path; add the ApacheJMeter_config dependency");
            }
            return in.readAllBytes();
        }
    }
}
