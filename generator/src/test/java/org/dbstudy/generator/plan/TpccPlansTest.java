package org.dbstudy.generator.plan;

import static org.dbstudy.generator.plan.LoadedPlan.prop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.PostThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.jmeter.TransactionSampler;
import org.dbstudy.vocabulary.ManifestColumns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The tpcc and chbench workloads: S1's plans, and bad input named with file, line and field. */
class TpccPlansTest {
    @TempDir
    Path dir;

    @Test
    void isolationLevelsIsS1OnChBench() throws Exception {
        Study study = Studies.load("isolation-levels");
        assertEquals(32 * 3, study.cells().size(), "32 cells, three runs each");
        GeneratedStudy generated = PlanGenerator.write(study, dir);
        for (Map<String, String> row : Manifest.read(generated.manifest())) {
            HashTree tree = load(dir.resolve(row.get("plan")));
            List<TransactionSampler> samplers = all(tree, TransactionSampler.class);
            assertEquals(List.of("setUp tpcc-load", "tpcc", "ch", "tearDown tpcc-consistency", "tearDown ch-plans"),
                    samplers.stream().map(TransactionSampler::getName).toList());
            String w = row.get("warehouses");
            String clients = row.get("clients");
            TransactionSampler load = samplers.get(0);
            assertEquals("TPCC_LOAD", prop(load, "procedure"));
            assertTrue(prop(load, "procedureArguments").contains("warehouses=" + w + "\nexisting=RELOAD"), row.toString());
            assertTrue(prop(load, "procedureArguments").contains("\nch=true\n"));
            TransactionSampler mix = samplers.get(1);
            assertEquals("TPCC_MIX", prop(mix, "procedure"));
            assertEquals("warehouses=" + w + "\nterminal=${__threadNum}\nterminals=" + clients
                    + "\nmix=45,43,4,4,4\nseed=" + row.get(ManifestColumns.REPLICATE) + "\nclock=2015-06-01",
                    prop(mix, "procedureArguments"), "replicate N draws its transactions with seed + N - 1");
            assertTrue(prop(load, "procedureArguments").contains("\nseed=1\n"), "every replicate loads the same data");
            assertTrue(prop(mix, "statements").startsWith("NewOrder.getWarehouse: SELECT w_tax FROM warehouse WHERE w_id = ?;\n"),
                    "the procedure's SQL is in the plan, editable");
            assertEquals("1000", prop(mix, "maxTries"));
            assertEquals("0", prop(mix, "backoffMs"));
            assertEquals("SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT", prop(mix, "retryOn"), "OLTPBench 2015 retried lock wait timeouts too");
            TransactionSampler ch = samplers.get(2);
            assertEquals("CH_QUERY", prop(ch, "procedure"));
            assertEquals("queries=Q1,Q5,Q6,Q10,Q17\nseed=" + row.get(ManifestColumns.REPLICATE), prop(ch, "procedureArguments"));
            assertTrue(prop(ch, "statements").startsWith("Q1: SELECT ol_number"), prop(ch, "statements"));
            for (TransactionSampler s : List.of(mix, ch)) {
                assertEquals(row.get("isolation"), prop(s, "isolationLevel"), "both groups run at the cell's level");
            }
            assertEquals("DEFAULT", prop(samplers.get(3), "isolationLevel"));
            assertEquals("CH_EXPLAIN", prop(samplers.get(4), "procedure"));
            List<ThreadGroup> groups = all(tree, ThreadGroup.class).stream()
                    .filter(g -> g.getClass() == ThreadGroup.class).toList();
            assertEquals(List.of("users", "analytic"), groups.stream().map(ThreadGroup::getName).toList());
            assertEquals(clients, prop(groups.get(0), ThreadGroup.NUM_THREADS));
            assertEquals("1", prop(groups.get(1), ThreadGroup.NUM_THREADS),
                    "one analytical user leaves the terminals room (analytic_clients: 1)");
            for (ThreadGroup g : groups) {
                assertEquals("60", prop(g, ThreadGroup.DURATION));
            }
            PostThreadGroup tearDown = all(tree, PostThreadGroup.class).get(0);
            assertEquals(AbstractThreadGroup.ON_SAMPLE_ERROR_CONTINUE, prop(tearDown, AbstractThreadGroup.ON_SAMPLE_ERROR));
        }
    }

    private static final String GOOD = """
            name: tp
            workload:
              template: chbench
              parameters: {warehouses: 2, mix: "45,43,4,4,4", queries: "Q1,Q6"}
            factors:
              clients: [2, 20]
            """;

    static Stream<Arguments> badStudies() {
        return Stream.of(
                Arguments.of(GOOD.replace("45,43,4,4,4", "45,43,4,4,5"), 4, "workload.parameters.mix", "sums to 101"),
                Arguments.of(GOOD.replace("45,43,4,4,4", "50,50"), 4, "workload.parameters.mix", "has 2 weights"),
                Arguments.of(GOOD.replace("Q1,Q6", "Q1,Q23"), 4, "workload.parameters.queries", "'Q23' is not a CH-benCHmark query"),
                Arguments.of(GOOD.replace("warehouses: 2", "warehouses: 0"), 4, "workload.parameters.warehouses", "out of range"),
                Arguments.of(GOOD.replace("[2, 20]", "[2, 21]"), 6, "clients", "21 clients cannot bind to 2 warehouses"),
                Arguments.of(GOOD.replace("clients: [2, 20]", "clients: [11]\n  warehouses: [1, 2]"), 6, "clients",
                        "11 clients cannot bind to 1 warehouses"),
                Arguments.of(GOOD.replace("\"Q1,Q6\"}", "\"Q1,Q6\", round_trips: pipelined}\ntargets:\n  - {name: maria, dialect: mariadb}"),
                        4, "workload.parameters.round_trips", "pipelined round trips need PostgreSQL (pgjdbc), and a target is MariaDB"
                                + " (target 'maria')"),
                Arguments.of(GOOD.replace("\"Q1,Q6\"}", "\"Q1,Q6\"}\ntargets:\n  - {name: pg, dialect: postgresql}\n"
                        + "  - {name: maria, dialect: mariadb}") + "  round_trips: [statement, pipelined]\n", 10, "round_trips",
                        "pipelined round trips need PostgreSQL"));
    }

    @ParameterizedTest
    @MethodSource("badStudies")
    void badInputNamesFileLineAndField(String yaml, int line, String field, String problem) throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, yaml);
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.load(file.toString()).cells());
        assertTrue(e.getMessage().startsWith(file + ":" + line + ": field '" + field + "': "), e.getMessage());
        assertTrue(e.getMessage().contains(problem), e.getMessage());
        assertTrue(e.getMessage().contains("; valid: "), e.getMessage());
    }

    @Test
    void pipelinedRoundTripsReachTheTerminalsOnPostgreSql() throws Exception {
        Path file = dir.resolve("pipelined.yaml");
        Files.writeString(file, GOOD.replace("\"Q1,Q6\"}", "\"Q1,Q6\", round_trips: pipelined}"));
        Path plans = dir.resolve("out");
        GeneratedStudy generated = PlanGenerator.write(Studies.load(file.toString()), plans);
        for (Map<String, String> row : Manifest.read(generated.manifest())) {
            TransactionSampler mix = all(load(plans.resolve(row.get("plan"))), TransactionSampler.class).get(1);
            assertTrue(prop(mix, "procedureArguments").endsWith("\nclock=2015-06-01\nroundTrips=pipelined"),
                    prop(mix, "procedureArguments"));
        }
    }

    @Test
    void pipelinedRoundTripsMovedToMariaDbAreRefused() throws Exception {
        Path file = dir.resolve("pipelined.yaml");
        Files.writeString(file, GOOD.replace("\"Q1,Q6\"}", "\"Q1,Q6\", round_trips: pipelined}"));
        Study onPostgres = Studies.load(file.toString());
        StudyFileException e = assertThrows(StudyFileException.class,
                () -> onPostgres.forDialect(org.dbstudy.vocabulary.DatabaseKind.MARIADB));
        assertTrue(e.getMessage().contains("field 'round_trips': pipelined round trips need PostgreSQL"), e.getMessage());
    }

    @Test
    void clientsThatBindStayValid() throws Exception {
        Path file = dir.resolve("good.yaml");
        Files.writeString(file, GOOD);
        assertEquals(2, Studies.load(file.toString()).cells().size());
    }

    private static HashTree load(Path file) throws Exception {
        JMeterEnvironment.ensureReady();
        return SaveService.loadTree(file.toFile());
    }

    private static <T> List<T> all(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        return List.copyOf(search.getSearchResults());
    }
}
