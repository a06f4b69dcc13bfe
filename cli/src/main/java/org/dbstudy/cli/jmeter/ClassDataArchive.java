package org.dbstudy.cli.jmeter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.dbstudy.vocabulary.files.FileTrees;

/**
 * A class-data sharing archive for the JMeter child JVM, made once per JMeter home and JDK: the
 * classes JMeter loads to start (its engine, XStream, the plugin) are mapped from the archive
 * instead of being read and verified again for every cell. Made by running an empty plan with
 * {@code -XX:ArchiveClassesAtExit} before the first cell; kept in the user's cache directory under
 * a name that changes with the JDK and the home's jars, so a changed home or JDK gets a new one. A
 * missing or unusable archive only costs start-up time: the JVM then loads classes as usual.
 */
public final class ClassDataArchive {
    /** Off with {@code -Ddbstudy.cds=false} (e.g. to compare start-up times). */
    static final String PROPERTY = "dbstudy.cds";
    private static final long MAKE_TIMEOUT_SECONDS = 180;

    private ClassDataArchive() {
    }

    static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"));
    }

    /** Where the archive of this home and JMeter's Java is (whether or not it was made yet). */
    static Path file(Path home, JMeterJava java) {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path dir = cache != null && !cache.isBlank() ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache");
        return dir.resolve("dbstudy").resolve("jmeter-" + key(home, java) + ".jsa");
    }

    /** The archive's option for the JMeter JVM when the archive exists, else nothing. */
    static List<String> options(Path home, JMeterJava java) {
        Path file = file(home, java);
        return enabled() && Files.isRegularFile(file) ? List.of("-XX:SharedArchiveFile=" + file) : List.of();
    }

    /** Whether a run with this home has no archive to make first (made already, or archives are off). */
    public static boolean made(JMeterHome home) {
        return !enabled() || Files.isRegularFile(file(home.home(), home.java()));
    }

    /**
     * Makes the archive if it is not there yet (a few seconds, once per home and JDK). Never fails a
     * study: a problem is logged and the cells start without it.
     */
    public static void ensure(JMeterHome home, PrintStream log) {
        Path file = file(home.home(), home.java());
        if (!enabled() || Files.isRegularFile(file)) {
            return;
        }
        long start = System.nanoTime();
        try {
            Path work = Files.createTempDirectory("dbstudy-cds-");
            try {
                Path plan = Files.writeString(work.resolve("empty.jmx"), EMPTY_PLAN, StandardCharsets.UTF_8);
                Files.createDirectories(file.getParent());
                Path partial = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".partial");
                List<String> cmd = new ArrayList<>(home.command());
                cmd.add(1, "-XX:ArchiveClassesAtExit=" + partial);
                cmd.addAll(List.of("-jar", home.launcherJar().toString(), "-n", "-t", plan.toString(),
                        "-l", work.resolve("empty.jtl").toString(), "-j", work.resolve("jmeter.log").toString()));
                cmd.addAll(home.jmeterArgs());
                Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
                        .redirectOutput(work.resolve("jmeter.out").toFile()).start();
                if (!p.waitFor(MAKE_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    log.println("note: no class-data archive for JMeter (its making took over " + MAKE_TIMEOUT_SECONDS
                            + " s); cells start without it");
                } else if (p.exitValue() != 0 || !Files.isRegularFile(partial)) {
                    log.println("note: no class-data archive for JMeter (exit " + p.exitValue() + "); cells start without it");
                } else {
                    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                    dropOlderArchivesOf(file);
                    log.printf(java.util.Locale.ROOT, "class-data archive for JMeter's start made in %.1f s: %s%n",
                            (System.nanoTime() - start) / 1e9, file);
                }
                Files.deleteIfExists(partial);
            } finally {
                FileTrees.delete(work);
            }
        } catch (IOException e) {
            log.println("note: no class-data archive for JMeter (" + e.getMessage() + "); cells start without it");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Every rebuild of a jar makes a new archive for the same home and Java: the older ones of that
     * home and Java go, so the cache holds one archive per home and JDK instead of one per build.
     */
    private static void dropOlderArchivesOf(Path made) throws IOException {
        String name = made.getFileName().toString();
        String sameHomeAndJava = name.substring(0, name.lastIndexOf('-') + 1);
        try (Stream<Path> files = Files.list(made.getParent())) {
            for (Path f : files.toList()) {
                String n = f.getFileName().toString();
                if (n.startsWith(sameHomeAndJava) && n.endsWith(".jsa") && !n.equals(name)) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /**
     * The home's folder, JMeter's Java (launcher, version, build), then the home's jars (names, sizes,
     * times), each hashed: what the archive depends on. Two JDKs of one home keep an archive each.
     */
    static String key(Path home, JMeterJava java) {
        return hash(home.toAbsolutePath().toString()) + "-" + hash(java.identity()) + "-" + jarsKey(home);
    }

    /** The home's jars: what the archive's contents depend on besides the JDK. */
    private static String jarsKey(Path home) {
        StringBuilder what = new StringBuilder();
        for (String dir : List.of("bin", "lib", "lib/ext")) {
            Path d = home.resolve(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> jars = Files.list(d)) {
                for (Path jar : jars.filter(j -> j.toString().endsWith(".jar")).sorted().toList()) {
                    what.append(jar.getFileName()).append(' ').append(Files.size(jar)).append(' ')
                            .append(Files.getLastModifiedTime(jar).toMillis()).append('\n');
                }
            } catch (IOException e) {
                what.append(dir).append(" unreadable\n");
            }
        }
        return hash(what.toString());
    }

    private static String hash(String what) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(what.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    /** A plan without thread groups: JMeter starts, loads it, runs nothing and exits. */
    private static final String EMPTY_PLAN = """
            <?xml version="1.0" encoding="UTF-8"?>
            <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
              <hashTree>
                <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="dbstudy class-data archive">
                  <elementProp name="TestPlan.user_defined_variables" elementType="Arguments" guiclass="ArgumentsPanel"
                      testclass="Arguments">
                    <collectionProp name="Arguments.arguments"/>
                  </elementProp>
                </TestPlan>
                <hashTree/>
              </hashTree>
            </jmeterTestPlan>
            """;
}
