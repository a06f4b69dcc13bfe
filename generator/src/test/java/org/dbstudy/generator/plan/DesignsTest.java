package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.FractionalFactorial;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.FractionalDesign;
import org.dbstudy.vocabulary.ManifestColumns;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The designs beyond the full factorial: which cells they choose, in which order, and what they write. */
class DesignsTest {
    static final String FIVE_FACTORS = """
            name: screen
            workload: {template: crud}
            factors:
              operation: [read, write]
              interval: [0, 0.1]
              users: [5, 10]
              rows: [50, 100]
              isolation: [READ_COMMITTED, SERIALIZABLE]
            settings: {duration: 10}
            design: {type: fractional-factorial, resolution: 5}
            """;

    private static final String TUNING = """
            name: tuning
            workload: {template: tpcb}
            factors:
              clients: 8
              session.work_mem: [4MB, 16MB, 64MB]
              session.random_page_cost: [4, 1.1]
              session.effective_cache_size: [4GB, 8GB]
            design:
              type: one-factor-at-a-time
              baseline: {session.work_mem: 4MB}
              combined:
                tuned: {session.work_mem: 64MB, session.random_page_cost: 1.1, session.effective_cache_size: 8GB}
            replicates: 2
            """;

    @TempDir
    Path dir;

    @Test
    void aHalfFractionOfFiveFactorsAtResolutionFiveRendersSixteenCellsWithEEqualToABCD() throws Exception {
        Study study = Studies.parse("screen.yaml", FIVE_FACTORS);
        assertEquals(16, study.cells().size());
        GeneratedStudy written = PlanGenerator.write(study, dir);
        assertEquals(16, written.plans().size());
        try (var plans = Files.list(dir.resolve("plans"))) {
            assertEquals(16, plans.count());
        }
        List<Map<String, String>> rows = Manifest.read(dir.resolve("manifest.csv"));
        assertEquals(16, rows.size());
        assertEquals(List.of("cell", "replicate", "plan", "operation", "interval", "users", "rows", "isolation",
                "arrival", ManifestColumns.DESIGN), Manifest.header(dir.resolve("manifest.csv")));
        assertEquals("fractional-factorial 2^(5-1) E=ABCD: A- B- C- D- E+", rows.get(0).get("design"));
        assertEquals("read-interval0-users5-rows50-isolationSERIALIZABLE", rows.get(0).get("cell"));
        assertEquals("read-interval0-users5-rows100-isolationREAD_COMMITTED", rows.get(1).get("cell"));
        Set<String> combos = new HashSet<>();
        for (Map<String, String> row : rows) {
            // E (isolation) is high exactly when an even number of A..D are low: E = ABCD.
            int lowOfFour = (row.get("operation").equals("read") ? 1 : 0) + (row.get("interval").equals("0") ? 1 : 0)
                    + (row.get("users").equals("5") ? 1 : 0) + (row.get("rows").equals("50") ? 1 : 0);
            assertEquals(lowOfFour % 2 == 0, row.get("isolation").equals("SERIALIZABLE"), row.toString());
            assertTrue(combos.add(row.get("operation") + row.get("interval") + row.get("users") + row.get("rows")));
        }
        assertEquals(16, combos.size(), "A to D run their full factorial");
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(dir.resolve("study.properties"))) {
            p.load(in);
        }
        assertEquals("fractional-factorial", p.getProperty("study.design"));
        assertEquals("E=ABCD", p.getProperty("study.design.generators"));
        assertEquals("5", p.getProperty("study.design.resolution"));
        assertEquals("16", p.getProperty("study.design.runs"));
        Study again = Studies.load(dir.resolve("study.yaml").toString());
        assertEquals(study.cells(), again.cells());
        assertTrue(Files.readString(dir.resolve("study.yaml")).contains(
                "design: {type: fractional-factorial, generators: [\"E=ABCD\"]}  # 2^(5-1) E=ABCD, resolution V"));
    }

    @Test
    void runsResolutionAndGeneratorsChooseTheSameTableDesigns() throws Exception {
        assertEquals(fractional(FIVE_FACTORS), fractional(FIVE_FACTORS.replace("resolution: 5", "runs: 16")));
        assertEquals(fractional(FIVE_FACTORS), fractional(FIVE_FACTORS.replace("resolution: 5",
                "generators: [\"E = ABCD\"], resolution: V")));
        FractionalDesign eight = fractional(FIVE_FACTORS.replace("resolution: 5", "runs: 8"));
        assertEquals("2^(5-2) D=AB E=AC", eight.text());
        assertEquals(3, eight.resolution());
        assertEquals("2^(5-2) D=AB E=AC", fractional(FIVE_FACTORS.replace("resolution: 5", "resolution: III")).text(),
                "the fewest runs that reach the resolution");
        assertEquals("2^(5-1) E=-ABCD", fractional(FIVE_FACTORS.replace("resolution: 5", "generators: [E=-ABCD]"))
                .text());
        String seven = FIVE_FACTORS.replace("  isolation: [READ_COMMITTED, SERIALIZABLE]\n",
                "  isolation: [READ_COMMITTED, SERIALIZABLE]\n  lock: [none, get_lock]\n"
                        + "  session.work_mem: [4MB, 64MB]\n");
        assertEquals("2^(7-3) E=ABC F=BCD G=ACD", fractional(seven.replace("resolution: 5", "resolution: 4")).text());
        assertEquals("2^(7-4) D=AB E=AC F=BC G=ABC", fractional(seven.replace("resolution: 5", "runs: 8")).text());
    }

    private static FractionalDesign fractional(String yaml) throws Exception {
        return ((FractionalFactorial) Studies.parse("s.yaml", yaml).cellDesign()).chosen();
    }

    @Test
    void oneLevelFactorsStayFixedInAFractionalDesign() throws Exception {
        Study study = Studies.parse("s.yaml", FIVE_FACTORS.replace("  operation: [read, write]\n",
                "  operation: [read, write]\n  lock: none\n"));
        assertEquals(16, study.cells().size());
        assertTrue(study.cells().stream().allMatch(c -> c.factors().get("lock").equals("none")));
        assertEquals(List.of("operation", "lock", "interval", "users", "rows", "isolation"), study.factorNames());
    }

    @Test
    void oneFactorAtATimeRunsTheBaselineThenEachOtherLevelThenTheCombinedConfigurations() throws Exception {
        Study study = Studies.parse("tuning.yaml", TUNING);
        List<String> firstReplicate = study.cells().stream().filter(c -> c.replicate() == 1)
                .map(c -> c.id() + " | " + c.design()).toList();
        assertEquals(List.of(
                "clients8-session.work_mem4MB-session.random_page_cost4-session.effective_cache_size4GB"
                        + " | one-factor-at-a-time baseline",
                "clients8-session.work_mem16MB-session.random_page_cost4-session.effective_cache_size4GB"
                        + " | one-factor-at-a-time vary session.work_mem",
                "clients8-session.work_mem64MB-session.random_page_cost4-session.effective_cache_size4GB"
                        + " | one-factor-at-a-time vary session.work_mem",
                "clients8-session.work_mem4MB-session.random_page_cost1.1-session.effective_cache_size4GB"
                        + " | one-factor-at-a-time vary session.random_page_cost",
                "clients8-session.work_mem4MB-session.random_page_cost4-session.effective_cache_size8GB"
                        + " | one-factor-at-a-time vary session.effective_cache_size",
                "clients8-session.work_mem64MB-session.random_page_cost1.1-session.effective_cache_size8GB"
                        + " | one-factor-at-a-time combined tuned"), firstReplicate);
        assertEquals(12, study.cells().size(), "two replicates of 1 + 2 + 1 + 1 + 1 cells");
        assertEquals(DesignColumn.ONE_FACTOR_AT_A_TIME, study.designType());

        PlanGenerator.write(study, dir);
        List<Map<String, String>> rows = Manifest.read(dir.resolve("manifest.csv"));
        assertEquals("one-factor-at-a-time combined tuned", rows.get(5).get("design"));
        String yaml = Files.readString(dir.resolve("study.yaml"));
        assertTrue(yaml.contains("""
                design:
                  type: one-factor-at-a-time
                  baseline: {clients: 8, session.work_mem: 4MB, session.random_page_cost: 4, session.effective_cache_size: 4GB}
                  combined:
                    tuned: {session.work_mem: 64MB, session.random_page_cost: 1.1, session.effective_cache_size: 8GB}
                """), yaml);
        assertEquals(study.cells(), Studies.load(dir.resolve("study.yaml").toString()).cells());
    }

    @Test
    void aBaselineOffTheFirstLevelsMovesEveryOtherCell() throws Exception {
        Study study = Studies.parse("t.yaml", TUNING.replace("baseline: {session.work_mem: 4MB}",
                "baseline: {session.work_mem: 16MB, session.random_page_cost: 1.1}").replace(
                "    tuned: {session.work_mem: 64MB, session.random_page_cost: 1.1, session.effective_cache_size: 8GB}",
                "    tuned: {session.work_mem: 64MB, session.effective_cache_size: 8GB}").replace("replicates: 2", ""));
        List<String> ids = study.cells().stream().map(Cell::id).toList();
        assertEquals(List.of(
                "clients8-session.work_mem16MB-session.random_page_cost1.1-session.effective_cache_size4GB",
                "clients8-session.work_mem4MB-session.random_page_cost1.1-session.effective_cache_size4GB",
                "clients8-session.work_mem64MB-session.random_page_cost1.1-session.effective_cache_size4GB",
                "clients8-session.work_mem16MB-session.random_page_cost4-session.effective_cache_size4GB",
                "clients8-session.work_mem16MB-session.random_page_cost1.1-session.effective_cache_size8GB",
                "clients8-session.work_mem64MB-session.random_page_cost1.1-session.effective_cache_size8GB"), ids);
    }

    @Test
    void aFullFactorialWritesNoDesignColumnButNamesItsType() throws Exception {
        Study study = Studies.load("smoke");
        PlanGenerator.write(study, dir);
        assertTrue(!Manifest.header(dir.resolve("manifest.csv")).contains(ManifestColumns.DESIGN));
        assertTrue(Files.readString(dir.resolve("study.properties")).contains("study.design=full-factorial\n"));
        assertTrue(study.cells().stream().allMatch(c -> c.design().isEmpty()));
    }
}
