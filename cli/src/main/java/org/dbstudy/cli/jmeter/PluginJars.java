package org.dbstudy.cli.jmeter;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.jmeter.TransactionSampler;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The jars a JMeter home needs to run dbstudy plans: the plugin (in lib/ext) and the JDBC drivers
 * (in lib). This command line carries all of them on its own class path, so each is found where its
 * class was loaded from: the same whether dbstudy runs from a checkout or an unpacked release.
 */
final class PluginJars {
    /** One jar: the file-name prefix a home's copy has, the folder it belongs in, a class inside it. */
    record Jar(String prefix, String folder, Supplier<Class<?>> inside) {
        /** Where this command line loaded the class from (a jar, or a classes folder in a build). */
        Path source() {
            Class<?> cls = inside.get();
            try {
                CodeSource code = cls.getProtectionDomain().getCodeSource();
                return Path.of(code.getLocation().toURI());
            } catch (URISyntaxException | NullPointerException e) {
                throw new IllegalStateException(cls + " has no jar on dbstudy's class path: the installation is incomplete", e);
            }
        }

        /** This jar as the home already has it, if it does (any version). */
        Optional<Path> in(Path home) {
            Path dir = home.resolve(folder);
            if (!Files.isDirectory(dir)) {
                return Optional.empty();
            }
            try (Stream<Path> files = Files.list(dir)) {
                return files.filter(f -> f.getFileName().toString().startsWith(prefix)
                        && f.getFileName().toString().endsWith(".jar")).sorted().findFirst();
            } catch (IOException e) {
                return Optional.empty();
            }
        }
    }

    static final Jar PLUGIN = new Jar("dbstudy-jmeter-plugin", "lib/ext", () -> TransactionSampler.class);
    /** The plugin, then each database kind's driver: the one that accepts that kind's URLs here. */
    static final List<Jar> ALL = Stream.concat(Stream.of(PLUGIN), Stream.of(DatabaseKind.values())
            .map(kind -> new Jar(kind.driverJarPrefix(), "lib", () -> driverFor(kind)))).toList();

    private static Class<?> driverFor(DatabaseKind kind) {
        try {
            return DriverManager.getDriver(kind.localUrl()).getClass();
        } catch (SQLException e) {
            throw new IllegalStateException("no JDBC driver for " + kind.displayName() + " on dbstudy's class path", e);
        }
    }

    private PluginJars() {
    }

    /** The jars a home lacks. */
    static List<Jar> missingFrom(Path home) {
        return ALL.stream().filter(j -> j.in(home).isEmpty()).toList();
    }

    /** Copies the jars a home lacks into it (plugin to lib/ext, drivers to lib); returns the copies. */
    static List<Path> install(Path home) throws IOException {
        List<Path> copied = new ArrayList<>();
        for (Jar jar : missingFrom(home)) {
            Path source = jar.source();
            if (!Files.isRegularFile(source)) {
                throw new UserError("--install-plugin: " + jar.prefix() + " comes from " + source
                        + ", not a jar; build the jars first with 'mvn -q package -DskipTests'");
            }
            Path target = home.resolve(jar.folder()).resolve(source.getFileName());
            Files.createDirectories(target.getParent());
            Files.copy(source, target, StandardCopyOption.COPY_ATTRIBUTES);
            copied.add(target);
        }
        return copied;
    }
}
