package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.Target;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

class StudyExpansionTest {
    private static final String TWO_TARGETS = """
            name: two
            workload: {template: tpcb}
            targets:
              - {name: pg, dialect: postgresql}
              - {name: maria, dialect: mariadb, url: "jdbc:mariadb://db:3306/test", user: bench}
            factors:
              clients: [1, 2]
              session.work_mem: [4MB, 64MB]
            """;

    @Test
    void builtInStudiesHaveTheCellCountsOfThePublishedStudies() throws Exception {
        Map<String, Integer> cells = new LinkedHashMap<>();
        Studies.builtIns().forEach(b -> cells.put(b.name(), b.runs()));
        Map<String, Integer> replicates = new LinkedHashMap<>();
        for (String name : cells.keySet()) {
            replicates.put(name, Studies.load(name).replicates());
            cells.put(name, cells.get(name) / replicates.get(name));
        }
        assertEquals(Map.of("smoke", 4, "crud-factorial", 336, "crud-stress", 16, "lock-contention", 234,
                "tpcb-contention", 6, "isolation-levels", 32, "tpcc", 24, "pg-tuning", 33, "transfer", 8), cells);
        // Studies meant for comparisons state three runs per cell; smoke stays fast, S0's factorial as published.
        assertEquals(Map.of("smoke", 1, "crud-factorial", 1, "crud-stress", 3, "lock-contention", 3,
                "tpcb-contention", 3, "isolation-levels", 3, "tpcc", 1, "pg-tuning", 3, "transfer", 3), replicates);
        // The listing counts cells as the study file describes them, and runs with replicates.
        for (BuiltInStudy b : Studies.builtIns()) {
            assertEquals(cells.get(b.name()), b.cells(), b.name());
            assertEquals(replicates.get(b.name()), b.replicates(), b.name());
        }
        BuiltInStudy smoke = Studies.builtIns().get(0);
        assertEquals(4 * 5, StudyEstimate.of(smoke.study(), DatabaseKind.POSTGRESQL, false, true).measuredSeconds());
    }

    @Test
    void cellIdsPrefixLevelsExceptOperationQueryVariantAndTarget() throws Exception {
        List<String> ids = Studies.load("lock-contention").cells().stream().map(Cell::id).toList();
        String perConnection = "-server.thread_handlingone-thread-per-connection";
        assertTrue(ids.contains("mariadb-update-high-get_lock-users64" + perConnection), ids.toString());
        assertEquals("mysql-select-low-plain-users4" + perConnection, ids.get(0));
        assertEquals("isolationSERIALIZABLE-clients2-warehouses2", Studies.load("isolation-levels").cells().get(0).id());
        assertEquals("read-interval0.1-rows2000-users25", Studies.load("crud-stress").cells().get(0).id());
    }

    @Test
    void severalTargetsMakeAnImplicitFirstTargetFactor() throws Exception {
        Study study = Studies.parse("two.yaml", TWO_TARGETS);
        assertEquals(List.of("target", "clients", "session.work_mem"), study.factorNames());
        assertEquals(8, study.cells().size());
        Cell first = study.cells().get(0);
        assertEquals("pg-clients1-session.work_mem4MB", first.id());
        assertEquals("pg", first.target().name());
        assertEquals("maria", study.cells().get(4).target().name());
        assertEquals("jdbc:mariadb://db:3306/test", study.cells().get(4).target().url());
        Study excluded = Studies.parse("two.yaml", TWO_TARGETS + "exclude: [{target: maria, clients: 2}]\n");
        assertEquals(6, excluded.cells().size(), "the implicit target factor can be excluded on");
    }

    @Test
    void forDialectKeepsThatDialectsTargetsOrRetargetsTheFirst() throws Exception {
        Study two = Studies.parse("two.yaml", TWO_TARGETS);
        Study maria = two.forDialect(DatabaseKind.MARIADB);
        assertEquals(List.of("clients", "session.work_mem"), maria.factorNames(), "one target: no target factor");
        assertEquals(4, maria.cells().size());
        assertEquals("maria", maria.cells().get(0).target().name());

        Study smokeOnMysql = Studies.load("smoke").forDialect(DatabaseKind.MYSQL);
        Target t = smokeOnMysql.targets().get(0);
        assertEquals(new Target("postgres", DatabaseKind.MYSQL, "jdbc:mysql://127.0.0.1:3306/test", "root"), t);
        assertEquals(4, smokeOnMysql.cells().size());

        Study lockOnMaria = Studies.load("lock-contention").forDialect(DatabaseKind.MARIADB);
        assertEquals((108 + 18) * 3, lockOnMaria.cells().size(), "108 cells and 18 with the thread pool, 3 replicates");
        assertTrue(lockOnMaria.cells().stream().allMatch(c -> c.target().kind() == DatabaseKind.MARIADB));
    }

    @Test
    void overridesReplaceLevelsAddKnownFactorsAndReplaceTheDuration() throws Exception {
        Study smoke = Studies.load("smoke");
        Map<String, List<String>> set = new LinkedHashMap<>();
        set.put("users", List.of("1"));
        set.put("isolation", List.of("SERIALIZABLE", "READ_COMMITTED"));
        Study changed = smoke.withOverrides(set, OptionalLong.of(7));
        assertEquals(List.of("operation", "users", "rows", "interval", "isolation"), changed.factorNames());
        assertEquals(4, changed.cells().size());
        assertEquals("read-users1-rows50-interval0.05-isolationSERIALIZABLE", changed.cells().get(0).id());
        assertEquals(7, changed.durationSeconds());
        assertEquals(5, smoke.durationSeconds(), "a study is immutable");

        Study clients = Studies.load("tpcb-contention").withOverrides(Map.of("users", List.of("3")), OptionalLong.empty());
        assertEquals(List.of("clients"), clients.factorNames(), "users replaces its alias clients in place");
        assertEquals("clients3", clients.cells().get(0).id());
    }

    @Test
    void exclusionsReplicatesAndRandomOrder() throws Exception {
        String yaml = """
                name: rep
                workload: {template: crud}
                factors:
                  operation: [read, write]
                  rows: [1, 2000]
                exclude: [{operation: write, rows: 2000}]
                replicates: 2
                order: %s
                seed: 42
                """;
        Study design = Studies.parse("rep.yaml", yaml.formatted("design"));
        List<String> plans = design.cells().stream().map(Cell::planFile).toList();
        assertEquals(List.of("plans/read-rows1.jmx", "plans/read-rows2000.jmx", "plans/write-rows1.jmx",
                "plans/read-rows1-r2.jmx", "plans/read-rows2000-r2.jmx", "plans/write-rows1-r2.jmx"), plans);
        assertEquals(6L * design.durationSeconds(), StudyEstimate.of(design, DatabaseKind.POSTGRESQL, false, true).measuredSeconds(),
                "every replicate is a run");

        Study random = Studies.parse("rep.yaml", yaml.formatted("random"));
        Study again = Studies.parse("rep.yaml", yaml.formatted("random"));
        assertEquals(random.cells(), again.cells(), "the same seed gives the same order");
        assertNotEquals(design.cells(), random.cells());
        List<Cell> sorted = new ArrayList<>(random.cells());
        sorted.sort(Comparator.comparing(c -> design.cells().indexOf(c)));
        assertEquals(design.cells(), sorted, "a random order is a permutation of the design order");
    }
}
