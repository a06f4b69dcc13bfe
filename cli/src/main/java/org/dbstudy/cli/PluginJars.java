package org.dbstudy.cli;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The jars a JMeter home needs to run dbstudy plans: the plugin (in lib/ext) and the JDBC drivers
 * (in lib). This command line carries all of them on its own class path, so each is found where its
 * class was loaded from: the same whether dbstudy runs from a checkout or an unpacked release.
 */
final class PluginJars {
    /** One jar: the file-name prefix a home's copy has, the folder it belongs in, a class inside it. */
    record Jar(String prefix, String folder, String className) {
        /** Where this command line loaded the class from (a jar, or a classes folder in a build). */
        Path source() {
            try {
                CodeSource code = Class.forName(className, false, PluginJars.class.getClassLoader())
                        .getProtectionDomain().getCodeSource();
                return Path.of(code.getLocation().toURI());
            } catch (ClassNotFoundException | URISyntaxException | NullPointerException e) {
                throw new IllegalStateException(className + " is not on dbstudy's class path: the installation is incomplete", e);
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

    static final Jar PLUGIN = new Jar("dbstudy-jmeter-plugin", "lib/ext", "org.dbstudy.jmeter.TransactionSampler");
    static final List<Jar> ALL = List.of(PLUGIN,
            new Jar("postgresql-", "lib", "org.postgresql.Driver"),
            new Jar("mariadb-java-client-", "lib", "org.mariadb.jdbc.Driver"),
            new Jar("mysql-connector-j-", "lib", "com.mysql.cj.jdbc.Driver"));

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
                throw new UserError("--install-plugin: " + jar.className() + " comes from " + source
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
