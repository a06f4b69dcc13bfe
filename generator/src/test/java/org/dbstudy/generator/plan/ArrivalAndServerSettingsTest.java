package org.dbstudy.generator.plan;

import static org.dbstudy.generator.plan.LoadedPlan.prop;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.jmeter.control.OnceOnlyController;
import org.apache.jmeter.sampler.TestAction;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jmeter.timers.GaussianRandomTimer;
import org.apache.jmeter.timers.PoissonRandomTimer;
import org.apache.jmeter.timers.RandomTimer;
import org.apache.jmeter.timers.UniformRandomTimer;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.dbstudy.generator.design.Arrival;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.jmeter.TransactionSampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The arrival settings (start, timer, jitter) and server_settings: parsed, checked, written into plans and files. */
class ArrivalAndServerSettingsTest {
    private static final String STUDY = """
            name: arrival
            workload: {template: crud}
            factors:
              users: [5]
              interval: [0.1]
            settings: {duration: 10%s}
            %s""";

    @TempDir
    Path dir;

    private static Study study(String settings, String more) throws StudyFileException {
        return Studies.parse("arrival.yaml", STUDY.formatted(settings, more));
    }

    @Test
    void byDefaultUsersStartSpreadOverTheFirstIntervalAndTheTimerIsConstant() throws Exception {
        HashTree tree = plan(study("", ""));
        TestAction pause = one(tree, TestAction.class);
        assertEquals(TestAction.PAUSE, pause.getAction());
        assertEquals(TestAction.THREAD, pause.getTarget());
        // user k of 5 waits (k - 1) * 100 / 5 ms: 0, 20, 40, 60, 80
        assertEquals("${__jexl3((${__threadNum} - 1) * 100 / ctx.getThreadGroup().getNumThreads())}",
                pause.getDurationAsString());
        OnceOnlyController once = one(tree, OnceOnlyController.class);
        assertTrue(childrenOf(tree, once).contains(pause), "the pause runs once per user");
        ConstantTimer timer = one(tree, ConstantTimer.class);
        assertEquals(ConstantTimer.class, timer.getClass());
        assertEquals("100", prop(timer, ConstantTimer.DELAY));
        TransactionSampler sampler = all(tree, TransactionSampler.class).get(1);
        assertTrue(childrenOf(tree, sampler).contains(timer), "the timer belongs to the sampler, not the pause");
        assertEquals("0", prop(one(tree, ThreadGroup.class, true), ThreadGroup.RAMP_TIME));
    }

    @ParameterizedTest
    @CsvSource({
            "uniform, 0.2, 80, 40, start spread over 0.1 s; uniform 0.1 s ± 0.02 s",
            "gaussian, 0.1, 100, 10, start spread over 0.1 s; gaussian 0.1 s sd 0.01 s",
            "poisson, 1, 0, 100, start spread over 0.1 s; poisson 0.1 s (0 s + Poisson mean 0.1 s)",
    })
    void aRandomTimerKeepsTheMeanIntervalAndTheManifestSaysSo(String timer, String jitter, String delay, String range,
                                                             String arrival) throws Exception {
        Study study = study(", timer: " + timer + ", jitter: " + jitter, "");
        ConstantTimer t = one(plan(study), ConstantTimer.class);
        Class<?> expected = switch (timer) {
            case "uniform" -> UniformRandomTimer.class;
            case "gaussian" -> GaussianRandomTimer.class;
            default -> PoissonRandomTimer.class;
        };
        assertEquals(expected, t.getClass());
        assertEquals(delay, prop(t, ConstantTimer.DELAY));
        assertEquals(range, prop(t, RandomTimer.RANGE));
        String manifest = StudyFiles.manifest(study);
        assertTrue(manifest.startsWith("cell,replicate,plan,users,interval,arrival\n"), manifest);
        assertTrue(manifest.contains(",5,0.1," + arrival + "\n"), manifest);
    }

    @Test
    void uniformJitterIsATenthOfTheIntervalByDefault() throws Exception {
        Arrival.Pacing p = study(", timer: uniform", "").arrival().pacing(2000, 10, 0);
        assertEquals(1800, p.delayMs());
        assertEquals(400, p.rangeMs());
        assertEquals("start spread over 2 s; uniform 2 s ± 0.2 s", p.description());
    }

    @Test
    void aRampUpOrStartTogetherLeavesNoPause() throws Exception {
        HashTree ramped = plan(study(", ramp_up: 3", ""));
        assertTrue(all(ramped, TestAction.class).isEmpty());
        assertEquals("3", prop(one(ramped, ThreadGroup.class, true), ThreadGroup.RAMP_TIME));
        assertTrue(StudyFiles.manifest(study(", ramp_up: 3", "")).contains(",ramp-up 3 s; constant 0.1 s\n"));

        Study together = study(", start: together", "");
        assertTrue(all(plan(together), TestAction.class).isEmpty());
        assertTrue(StudyFiles.manifest(together).contains(",start together; constant 0.1 s\n"));
    }

    @Test
    void oneUserOrNoIntervalHasNothingToSpread() {
        assertEquals(0, Arrival.DEFAULT.pacing(100, 1, 0).spreadMs());
        Arrival.Pacing none = Arrival.DEFAULT.pacing(0, 10, 0);
        assertEquals(0, none.spreadMs());
        assertEquals(null, none.timer());
        assertEquals("start together; no timer", none.description());
    }

    @Test
    void serverSettingsAreKeptPerDialectAndWrittenBack() throws Exception {
        Study study = study("", "server_settings: {fsync: off, synchronous_commit: local, "
                + "innodb_flush_log_at_trx_commit: 2, max_connections: 100}\n");
        assertEquals(Map.of("fsync", "off", "synchronous_commit", "local", "max_connections", "100"),
                study.serverSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL));
        assertEquals(List.of("innodb_flush_log_at_trx_commit", "max_connections"),
                List.copyOf(study.serverSettings(org.dbstudy.vocabulary.DatabaseKind.MARIADB).keySet()));
        assertEquals(study.serverSettings(org.dbstudy.vocabulary.DatabaseKind.MARIADB), study.serverSettings(org.dbstudy.vocabulary.DatabaseKind.MYSQL));

        Study again = Studies.parse("study.yaml", StudyFiles.yaml(study));
        assertEquals(study.serverSettings(), again.serverSettings());
        Properties p = new Properties();
        p.load(new StringReader(StudyFiles.properties(study)));
        assertEquals("off", p.getProperty("server.fsync"));
        assertEquals("spread", p.getProperty("study.start"));
        assertEquals("constant", p.getProperty("study.timer"));
    }

    @Test
    void arrivalSettingsSurviveStudyYaml() throws Exception {
        Study study = study(", start: together, timer: gaussian, jitter: 0.25", "");
        Study again = Studies.parse("study.yaml", StudyFiles.yaml(study));
        assertEquals(new Arrival(Arrival.Timer.GAUSSIAN, new BigDecimal("0.25"), Arrival.Start.TOGETHER), again.arrival());
        assertEquals(Arrival.DEFAULT, Studies.parse("study.yaml", StudyFiles.yaml(study("", ""))).arrival());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            ", timer: exponential | | 6 | settings.timer | 'exponential' is not a timer | constant, uniform, gaussian, poisson",
            ", jitter: 0.1 | | 6 | settings.jitter | a constant timer has no jitter | uniform, gaussian, poisson",
            ", timer: uniform, jitter: 1.5 | | 6 | settings.jitter | '1.5' is out of range | at most 1",
            ", timer: uniform, jitter: 0 | | 6 | settings.jitter | '0' leaves nothing random | above 0",
            ", start: staggered | | 6 | settings.start | 'staggered' is not a start | spread, together",
            " | server_settings: {fsnyc: off} | 7 | server_settings.fsnyc | cannot set server setting 'fsnyc' | fsync (postgresql)",
            " | server_settings: {fsync: false} | 7 | server_settings.fsync | 'false' is not a valid value | on, off",
            " | server_settings: {innodb_flush_log_at_trx_commit: 5} | 7 | server_settings.innodb_flush_log_at_trx_commit | '5' is not a valid value | 0, 1, 2",
            " | server_settings: {max_connections: -1} | 7 | server_settings.max_connections | '-1' is out of range | from 1 to 100000",
    })
    void badArrivalOrServerSettingsNameFileLineFieldAndWhatIsValid(String settings, String more, int line, String field,
                                                                   String problem, String valid) {
        StudyFileException e = assertThrows(StudyFileException.class,
                () -> study(settings == null ? "" : settings, more == null ? "" : more + "\n"));
        String m = e.getMessage();
        assertTrue(m.startsWith("arrival.yaml:" + line + ": field '" + field + "': "), m);
        assertTrue(m.contains(problem), m);
        assertTrue(m.substring(m.indexOf("; valid: ")).contains(valid), m);
    }

    private HashTree plan(Study study) throws Exception {
        PlanGenerator.write(study, dir);
        JMeterEnvironment.ensureReady();
        return SaveService.loadTree(dir.resolve(study.cells().get(0).planFile()).toFile());
    }

    private static <T> T one(HashTree tree, Class<T> type) {
        List<T> found = all(tree, type);
        assertEquals(1, found.size(), type.getSimpleName());
        return found.get(0);
    }

    /** The users' thread group (the setUp group is a ThreadGroup too). */
    private static ThreadGroup one(HashTree tree, Class<ThreadGroup> type, boolean users) {
        return all(tree, type).stream().filter(g -> !(g instanceof org.apache.jmeter.threads.SetupThreadGroup))
                .findFirst().orElseThrow();
    }

    private static <T> List<T> all(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        return List.copyOf(search.getSearchResults());
    }

    private static java.util.Collection<Object> childrenOf(HashTree tree, Object element) {
        SearchByClass<Object> search = new SearchByClass<>(Object.class);
        tree.traverse(search);
        return search.getSubTree(element).getTree(element).list();
    }
}
