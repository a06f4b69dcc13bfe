package org.dbstudy.generator.plan;

import static org.dbstudy.generator.plan.LoadedPlan.prop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.dbstudy.generator.design.Target;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.jmeter.TransactionSampler;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every plan of every built-in study loads back and holds the values of its manifest row. */
class PlanRoundTripTest {
    @TempDir
    Path out;

    @ParameterizedTest
    @ValueSource(strings = {"smoke", "crud-factorial", "crud-stress", "lock-contention", "tpcb-contention",
            "isolation-levels", "tpcc", "transfer"})
    void everyPlanLoadsBackWithTheValuesOfItsManifestRow(String name) throws Exception {
        Study study = Studies.load(name);
        GeneratedStudy generated = PlanGenerator.write(study, out);
        List<Map<String, String>> rows = Manifest.read(generated.manifest());
        assertEquals(study.cells().size(), rows.size());
        for (Map<String, String> row : rows) {
            check(study, row, LoadedPlan.load(out.resolve(row.get("plan"))));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"before_first_sample:THREAD", "in_first_sample:THREAD_LAZY", "per_sample:SAMPLE"})
    void settingsConnectChoosesTheSamplersConnectionScope(String timingAndScope) throws Exception {
        String[] ts = timingAndScope.split(":");
        Study study = Studies.parse("connect.yaml", """
                name: connect
                workload: {template: crud}
                targets:
                  - {name: postgres, dialect: postgresql, url: "jdbc:postgresql://127.0.0.1:5432/test", user: postgres}
                factors: {users: [2]}
                settings: {duration: 5, connect: %s}
                """.formatted(ts[0]));
        GeneratedStudy generated = PlanGenerator.write(study, out);
        Map<String, String> row = Manifest.read(generated.manifest()).get(0);
        assertEquals(ts[1], prop(LoadedPlan.load(out.resolve(row.get("plan"))).sampler(), "connectionScope"));
        assertTrue(java.nio.file.Files.readString(out.resolve("study.properties")).contains("study.connect=" + ts[0]));
        assertTrue(java.nio.file.Files.readString(out.resolve("study.yaml")).contains("connect: " + ts[0]));
    }

    private static void check(Study study, Map<String, String> row, LoadedPlan plan) {
        String cell = row.get("cell");
        assertEquals(study.name() + "/" + cell, plan.testPlan().getName());
        Target target = row.containsKey("target")
                ? study.targets().stream().filter(t -> t.name().equals(row.get("target"))).findFirst().orElseThrow()
                : study.targets().get(0);

        assertEquals("1", prop(plan.setUp(), ThreadGroup.NUM_THREADS), cell);
        assertEquals(AbstractThreadGroup.ON_SAMPLE_ERROR_STOPTEST, prop(plan.setUp(), AbstractThreadGroup.ON_SAMPLE_ERROR));
        String users = row.getOrDefault("users", row.getOrDefault("clients", "1"));
        assertEquals(users, prop(plan.users(), ThreadGroup.NUM_THREADS), cell);
        assertEquals(Long.toString(study.durationSeconds()), prop(plan.users(), ThreadGroup.DURATION), cell);
        assertTrue(plan.users().getPropertyAsBoolean(ThreadGroup.SCHEDULER), cell);
        assertEquals(-1, ((org.apache.jmeter.control.LoopController) plan.users().getSamplerController()).getLoops());
        assertEquals(AbstractThreadGroup.ON_SAMPLE_ERROR_CONTINUE, prop(plan.users(), AbstractThreadGroup.ON_SAMPLE_ERROR));

        BigDecimal interval = new BigDecimal(row.getOrDefault("interval", "0"));
        if (interval.signum() == 0) {
            assertTrue(plan.timers().isEmpty(), cell);
        } else {
            assertEquals(1, plan.timers().size(), cell);
            assertEquals(interval.multiply(BigDecimal.valueOf(1000)).stripTrailingZeros().toPlainString(),
                    prop(plan.timers().get(0), "ConstantTimer.delay"), cell);
        }

        TransactionSampler s = plan.sampler();
        String label = row.getOrDefault("operation", row.getOrDefault("query", switch (study.template()) {
            case "tpcb" -> "tpcb";
            case "tpcc", "chbench" -> "tpcc";
            case "custom" -> "transfer";
            default -> "read";
        }));
        assertEquals(label, s.getName(), cell);
        assertEquals(row.getOrDefault("isolation", "DEFAULT"), prop(s, "isolationLevel"), cell);
        assertEquals("THREAD", prop(s, "connectionScope"), cell + ": built-in studies connect before measuring");
        boolean namedLock = "get_lock".equals(row.get("variant")) || "get_lock".equals(row.get("lock"));
        assertEquals(namedLock ? "NAMED_LOCK" : "NONE", prop(s, "lockMode"), cell);
        assertEquals("lock_wait_timeout".equals(row.get("variant")) ? "2000" : "", prop(s, "lockWaitTimeoutMs"), cell);
        String statements = prop(s, "statements");
        assertTrue(statements.endsWith(";\n"), cell);
        if ("read".equals(label)) {
            assertTrue(statements.contains(" LIMIT " + row.get("rows") + ";"), cell);
        } else if ("write".equals(label)) {
            assertEquals(row.get("rows"), prop(s, "batchRows"), cell);
            assertEquals("TRANSACTION", prop(s, "transactionMode"), cell);
        }
        assertEquals("school".equals(study.template()) ? "true" : study.parameters().getOrDefault("sub_results", "false"),
                prop(s, "subResults"), cell + ": sub-results only where a template asks for them by default or the study sets sub_results");

        for (TransactionSampler each : List.of(plan.setUpSampler(), s)) {
            assertEquals(target.kind().name(), prop(each, "dialect"), cell);
            assertEquals("${__P(db.url," + target.url() + ")}", prop(each, "url"), cell);
            assertEquals("${__P(db.user," + target.user() + ")}", prop(each, "user"), cell);
            assertEquals("${__P(db.password,)}", prop(each, "password"), cell);
            assertEquals(TransactionSampler.class.getName(), prop(each, "TestElement.test_class"));
        }
        assertEquals("AUTOCOMMIT", prop(plan.setUpSampler(), "transactionMode"), cell);
        assertEquals(1, plan.listeners().size());
        assertFalse(plan.listeners().get(0).isEnabled(), "View Results Tree is disabled");
        assertEquals("", plan.listeners().get(0).getFilename(), "no results file in the plan");
        for (String factor : study.factorNames()) {
            assertTrue(plan.testPlan().getComment().contains("\n" + factor + "=" + row.get(factor) + "\n"), cell);
        }
    }
}
