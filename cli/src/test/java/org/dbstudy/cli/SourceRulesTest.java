package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rules every module's main code keeps, checked on the sources of all modules:
 * <ul>
 *   <li>which database a piece of code faces is decided by {@code DatabaseKind} alone: no other class
 *       compares a string with a database's name ({@code "mysql".equals(d)}, {@code case "postgres"},
 *       {@code startsWith("embedded-postgres")});</li>
 *   <li>every number formatted for a machine uses {@code Locale.ROOT}: no {@code String.format},
 *       {@code printf}, {@code formatted} or number format without an explicit locale.</li>
 * </ul>
 */
class SourceRulesTest {
    private static final String NAME = "[^\"]*(postgres|mysql|maria)[^\"]*";
    private static final Pattern NAME_COMPARISON = Pattern.compile("(?i)("
            + "\\.(equals|equalsIgnoreCase|startsWith|endsWith|contains|indexOf|matches)\\(\\s*\"" + NAME + "\""
            + "|\"" + NAME + "\"\\s*\\.(equals|equalsIgnoreCase)\\("
            + "|case\\s+\"" + NAME + "\")");
    private static final Pattern ONE_KIND_COMPARISON = Pattern.compile(
            "[=!]=\\s*(DatabaseKind\\.)?(POSTGRESQL|MYSQL|MARIADB)\\b|\\bDatabaseKind\\.[A-Z_]+\\s*[=!]=");
    private static final Pattern FORMAT_WITHOUT_LOCALE = Pattern.compile(
            "(String\\.format|\\.printf|new Formatter)\\((?!\\s*(java\\.util\\.)?Locale\\.)"
            + "|\\.formatted\\("
            + "|NumberFormat\\.get\\w*Instance\\(\\s*\\)"
            + "|new DecimalFormatSymbols\\(\\s*\\)"
            + "|new DecimalFormat\\((?!.*Locale\\.ROOT)");

    @Test
    void noMainClassButDatabaseKindComparesADatabaseName() throws IOException {
        assertEquals(List.of(), offences(NAME_COMPARISON, "/DatabaseKind.java"), "compare DatabaseKind values instead of names");
    }

    /**
     * A branch on one database kind is an exhaustive switch, so that a new kind fails to compile at every
     * place that must decide for it; {@code kind == DatabaseKind.X} would quietly send it down the else branch.
     */
    @Test
    void noMainClassOutsideTheVocabularyComparesWithOneDatabaseKind() throws IOException {
        assertEquals(List.of(), offences(ONE_KIND_COMPARISON, "vocabulary/src/main/"),
                "switch over every DatabaseKind instead (the compiler then names this place for a new kind)");
    }

    @Test
    void everyFormattedNumberNamesItsLocale() throws IOException {
        assertEquals(List.of(), offences(FORMAT_WITHOUT_LOCALE, null), "pass Locale.ROOT (or the user's locale, on purpose)");
    }

    @Test
    void thePatternsCatchWhatTheyAreFor() {
        for (String bad : List.of("if (\"postgresql\".equals(d)) {", "case \"MARIADB\" -> x;",
                "db.startsWith(\"embedded-postgres\")", "product.toLowerCase().contains(\"mariadb\")")) {
            assertTrue(NAME_COMPARISON.matcher(bad).find(), bad);
        }
        assertFalse(NAME_COMPARISON.matcher("new Target(\"postgres\", kind, url, user)").find());
        for (String bad : List.of("if (kind == DatabaseKind.POSTGRESQL) {", "kind != MARIADB &&",
                "DatabaseKind.MYSQL == kind")) {
            assertTrue(ONE_KIND_COMPARISON.matcher(bad).find(), bad);
        }
        assertFalse(ONE_KIND_COMPARISON.matcher("DatabaseKind k = kind == null ? DatabaseKind.MYSQL : kind;").find());
        for (String bad : List.of("String.format(\"%.2f\", x)", "out.printf(\"%d%n\", n)", "\"%s\".formatted(x)",
                "new DecimalFormat(\"0.00\")", "NumberFormat.getInstance()")) {
            assertTrue(FORMAT_WITHOUT_LOCALE.matcher(bad).find(), bad);
        }
        for (String good : List.of("String.format(Locale.ROOT, \"%.2f\", x)", "out.printf(java.util.Locale.ROOT, \"%d\", n)",
                "new DecimalFormat(\"0.###\", DecimalFormatSymbols.getInstance(Locale.ROOT))",
                "new DecimalFormat(\"0\", DecimalFormatSymbols.getInstance(Locale.ROOT));")) {
            assertFalse(FORMAT_WITHOUT_LOCALE.matcher(good).find(), good);
        }
    }

    /** The line and the ones after it up to the end of its statement (a call may span lines). */
    private static String statementFrom(List<String> lines, int i) {
        StringBuilder sb = new StringBuilder(lines.get(i));
        for (int j = i + 1; j < Math.min(lines.size(), i + 6) && sb.indexOf(";") < 0; j++) {
            sb.append(' ').append(lines.get(j).trim());
        }
        return sb.toString();
    }

    /** Lines of main sources (all modules) where {@code rule} matches, but in files whose path contains {@code exempt}. */
    private static List<String> offences(Pattern rule, String exempt) throws IOException {
        Path root = Path.of(System.getProperty("dbstudy.root", ".."));
        List<String> offences = new ArrayList<>();
        int files = 0;
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.filter(f -> f.toString().endsWith(".java"))
                    .filter(f -> f.toString().replace('\\', '/').contains("/src/main/java/"))
                    .filter(f -> !f.toString().replace('\\', '/').contains("/target/"))
                    .filter(f -> exempt == null || !f.toString().replace('\\', '/').contains(exempt)).toList()) {
                files++;
                List<String> lines = Files.readAllLines(p, StandardCharsets.UTF_8);
                for (int i = 0; i < lines.size(); i++) {
                    java.util.regex.Matcher m = rule.matcher(statementFrom(lines, i));
                    if (m.find() && m.start() < lines.get(i).length()) {
                        offences.add(root.relativize(p) + ":" + (i + 1) + ": " + lines.get(i).trim());
                    }
                }
            }
        }
        assertTrue(files > 50, "found only " + files + " main source files under " + root.toAbsolutePath());
        return offences;
    }
}
