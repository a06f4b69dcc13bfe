package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.ResourceBundle;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@link SamplerField} is the one field list: the docs' table, the resources and the parser agree with it. */
class SamplerFieldsTest {
    private static final Path DOC = Path.of("..", "docs", "sampler.md");
    private static final String START = "<!-- field table: generated from SamplerField by SamplerFieldsTest -->";
    private static final String END = "<!-- end of field table -->";
    private static final ResourceBundle RESOURCES =
            ResourceBundle.getBundle("org.dbstudy.jmeter.TransactionSamplerResources", Locale.ROOT);

    @Test
    void theFieldTableInTheDocsIsTheSchema() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);
        String expected = table();
        if (Boolean.getBoolean("regenerate") && start >= 0 && end > start) {
            doc = doc.substring(0, start + START.length()) + "\n" + expected + doc.substring(end);
            Files.writeString(DOC, doc, StandardCharsets.UTF_8);
            start = doc.indexOf(START);
            end = doc.indexOf(END);
        }
        assertTrue(start >= 0 && end > start, DOC + " has no field table between the markers " + START + " and " + END);
        assertEquals(expected, doc.substring(start + START.length() + 1, end),
                DOC + "'s field table differs from SamplerField; regenerate with "
                        + "mvn -q -o -pl jmeter-plugin -am test -Dtest=SamplerFieldsTest -Dsurefire.failIfNoSpecifiedTests=false -Dregenerate=true");
    }

    @Test
    void everyFieldAndGroupHasALabelAndATooltip() {
        for (SamplerField f : SamplerField.values()) {
            assertFalse(RESOURCES.getString(f.key() + ".displayName").isBlank(), f.key());
            assertFalse(RESOURCES.getString(f.key() + ".shortDescription").isBlank(), f.key());
        }
        for (SamplerField.Group g : SamplerField.Group.values()) {
            assertNotNull(RESOURCES.getString(g.key() + ".displayName"), g.key());
        }
    }

    @Test
    void propertyNamesAreUniqueAndStayThoseOfSavedPlans() {
        Set<String> keys = new HashSet<>();
        for (SamplerField f : SamplerField.values()) {
            assertTrue(keys.add(f.key()), f.key());
            assertEquals(f, SamplerField.byKey(f.key()));
        }
        assertEquals(30, keys.size(), "a new field also needs a line in TransactionSamplerResources and the docs");
    }

    @Test
    void everyFieldHasASetterForCodeThatBuildsASampler() throws Exception {
        int setters = 0;
        for (java.lang.reflect.Method m : TransactionSampler.class.getDeclaredMethods()) {
            if (m.getName().startsWith("set") && m.getName().length() > 3 && m.getParameterCount() == 1
                    && m.getParameterTypes()[0] == String.class) {
                String key = Character.toLowerCase(m.getName().charAt(3)) + m.getName().substring(4);
                SamplerField f = SamplerField.byKey(key);
                assertNotNull(f, m.getName() + " sets no field");
                TransactionSampler s = new TransactionSampler();
                m.invoke(s, "v");
                assertEquals("v", s.getPropertyAsString(f.key()), m.getName());
                setters++;
            }
        }
        assertEquals(SamplerField.values().length, setters);
    }

    @Test
    void theInitialValuesParseAndEveryChoiceIsAccepted() throws Exception {
        SamplerSettings initial = SamplerSettings.parse(f -> f == SamplerField.URL ? "jdbc:postgresql://h/db" : f.initial());
        assertEquals(ConnectionScope.THREAD, initial.connectionScope());
        assertEquals(RetryOn.SERIALIZATION_AND_DEADLOCK, initial.retryOn());
        SamplerSettings empty = SamplerSettings.parse(f -> f == SamplerField.URL ? "jdbc:postgresql://h/db"
                : f == SamplerField.STATEMENTS ? "SELECT 1;" : "");
        // An empty choice or number means its initial value.
        assertEquals(List.of(initial.dialectName(), initial.connectionScope(), initial.transactionMode(),
                        initial.isolation(), initial.batchRows(), initial.keepRows(), initial.lockMode(),
                        initial.lockTimeoutSeconds(), initial.lockScope(), initial.maxTries(), initial.retryOn(),
                        initial.backoffMillis(), initial.subResults()),
                List.of(empty.dialectName(), empty.connectionScope(), empty.transactionMode(), empty.isolation(),
                        empty.batchRows(), empty.keepRows(), empty.lockMode(), empty.lockTimeoutSeconds(),
                        empty.lockScope(), empty.maxTries(), empty.retryOn(), empty.backoffMillis(), empty.subResults()));
        for (SamplerField f : SamplerField.values()) {
            if (f == SamplerField.PROCEDURE) {
                // A procedure needs its own arguments: TpccRulesTest parses each with them.
                f.choices().stream().filter(c -> !c.isEmpty())
                        .forEach(c -> assertNotNull(org.dbstudy.jmeter.procedure.Procedures.byName(c), c));
                continue;
            }
            for (String choice : f.choices()) {
                SamplerSettings s = SamplerSettings.parse(g -> g == f ? choice.toLowerCase(Locale.ROOT)
                        : g == SamplerField.URL ? "jdbc:postgresql://h/db"
                        : g == SamplerField.LOCK_NAME ? "x" : g.initial());
                assertNotNull(s, f.key() + "=" + choice);
            }
        }
    }

    /** The markdown table: one row per field, grouped as in the GUI, in declaration order within a group. */
    static String table() {
        StringBuilder sb = new StringBuilder();
        sb.append("| group | property | label | default | values | what it does |\n");
        sb.append("|---|---|---|---|---|---|\n");
        for (SamplerField.Group g : SamplerField.Group.values()) {
            for (SamplerField f : SamplerField.values()) {
                if (f.group() == g) {
                    sb.append("| ").append(RESOURCES.getString(g.key() + ".displayName"))
                            .append(" | `").append(f.key()).append("` | ")
                            .append(RESOURCES.getString(f.key() + ".displayName")).append(" | ")
                            .append(f.initial().isEmpty() ? "(empty)" : "`" + f.initial() + "`").append(" | ")
                            .append(values(f)).append(" | ")
                            .append(RESOURCES.getString(f.key() + ".shortDescription").replace("|", "\\|")).append(" |\n");
                }
            }
        }
        return sb.toString();
    }

    private static String values(SamplerField f) {
        return switch (f.kind()) {
            case CHOICE -> String.join(", ", f.choices().stream().map(c -> c.isEmpty() ? "(empty)" : "`" + c + "`").toList());
            case WHOLE -> "whole number " + (long) f.min() + "–" + (long) f.max();
            case DECIMAL -> "number " + (long) f.min() + "–" + (long) f.max();
            case SQL -> "SQL";
            case LINES -> "lines";
            case PASSWORD -> "text (hidden)";
            case TEXT -> "text";
        };
    }
}
