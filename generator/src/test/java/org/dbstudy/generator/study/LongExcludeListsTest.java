package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.StudyFileException;
import org.junit.jupiter.api.Test;

/**
 * Issue 46: a 916 KB study file with 40,000 {@code exclude} entries kept {@code check} busy for over ten
 * minutes (each of 100,000 combinations compared with each exclusion). Exclusions are now looked up by the
 * factors they name; exclusions naming so many different sets of factors that even that would take
 * minutes get one line with the limit.
 */
class LongExcludeListsTest {
    private static final String HEAD = """
            name: many-excludes
            workload: {template: crud, parameters: {table: dbstudy_person}}
            targets:
              - {name: postgres, dialect: postgresql}
            """;

    @Test
    void fortyThousandExclusionsOverAHundredThousandCombinationsAreCheckedAtOnce() {
        StringBuilder yaml = new StringBuilder(HEAD).append("factors:\n  operation: [read]\n");
        yaml.append("  users: [").append(range(1, 1000)).append("]\n  rows: [").append(range(1, 100)).append("]\n");
        yaml.append("settings: {duration: 5, rest: 0}\nexclude:\n");
        // Rows 1-40 of every users level: 40,000 entries, about 1 MB as the file.
        for (int users = 1; users <= 1000; users++) {
            for (int rows = 1; rows <= 40; rows++) {
                yaml.append("- {users: ").append(users).append(", rows: ").append(rows).append("}\n");
            }
        }
        assertTrue(yaml.length() > 900_000, "as large as the issue's file: " + yaml.length());
        // Old code: 4 billion comparisons, over 10 minutes; the bound is generous for a loaded machine.
        Study study = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Studies.parse("many.yaml", yaml.toString()));
        assertEquals(60_000, study.cells().size());
        Set<String> rows = study.cells().stream().map(c -> c.factors().get("rows")).collect(Collectors.toSet());
        assertEquals(Set.copyOf(IntStream.rangeClosed(41, 100).mapToObj(Integer::toString).toList()), rows);
    }

    @Test
    void anExclusionMatchesAsBeforeWhateverFactorsItNames() throws Exception {
        Study study = Studies.parse("s.yaml", HEAD + """
                factors:
                  operation: [read]
                  users: [1, 2, 3]
                  rows: [10, 20]
                exclude:
                  - {operation: read, users: 1}
                  - {users: 2, rows: 20}
                  - {rows: 20, users: 3}
                """);
        assertEquals(List.of(Map.of("users", "2", "rows", "10"), Map.of("users", "3", "rows", "10")),
                study.cells().stream().map(LongExcludeListsTest::usersAndRows).toList());
        StudyFileException all = assertThrows(StudyFileException.class, () -> Studies.parse("s.yaml", HEAD + """
                factors:
                  operation: [read]
                  users: [1, 2]
                exclude:
                  - {operation: read}
                """));
        assertTrue(all.getMessage().contains("every cell is excluded"), all.getMessage());
    }

    @Test
    void exclusionsNamingTooManySetsOfFactorsGetOneLineWithTheLimit() {
        // Ten factors (100 x 2^8 = 25,600 combinations) and one exclusion per set of them: 1,023 sets.
        List<String> names = List.of("users", "rows", "session.a", "session.b", "session.c", "session.d",
                "session.e", "session.f", "session.g", "session.h");
        StringBuilder yaml = new StringBuilder(HEAD).append("factors:\n  operation: [read]\n");
        yaml.append("  users: [").append(range(1, 10)).append("]\n  rows: [").append(range(1, 10)).append("]\n");
        for (String name : names.subList(2, names.size())) {
            yaml.append("  ").append(name).append(": [on, off]\n");
        }
        yaml.append("exclude:\n");
        for (int set = 1; set < 1 << names.size(); set++) {
            StringBuilder entry = new StringBuilder();
            for (int i = 0; i < names.size(); i++) {
                if ((set & 1 << i) != 0) {
                    entry.append(entry.length() == 0 ? "" : ", ").append(names.get(i)).append(": ").append(i < 2 ? "1" : "on");
                }
            }
            yaml.append("- {").append(entry).append("}\n");
        }
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.parse("sets.yaml", yaml.toString()));
        assertEquals("sets.yaml:18: field 'exclude': 1,023 exclusions name 1,023 different sets of factors; checking them"
                + " against 25,600 combinations takes 26,188,800 lookups, over the limit of 20,000,000; valid: exclusions"
                + " that name fewer different sets of factors (for example the same factors in each)", e.getMessage());
    }

    private static Map<String, String> usersAndRows(Cell c) {
        return Map.of("users", c.factors().get("users"), "rows", c.factors().get("rows"));
    }

    private static String range(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(Integer::toString).collect(Collectors.joining(", "));
    }
}
