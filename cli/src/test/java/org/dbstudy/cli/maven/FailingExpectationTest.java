package org.dbstudy.cli.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.dbstudy.analysis.reading.JtlColumns;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.cli.ClaimVerdicts;
import org.dbstudy.cli.run.StudyPipeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A study file's expectation that the runs contradict fails mvn verify's checks with a message naming
 * the claim; one that holds does not. The run folder is generated as the pipeline does, with JTLs
 * written here (reads take 20 ms, writes 80 ms) in place of JMeter's.
 */
class FailingExpectationTest {
    @TempDir
    Path out;

    private List<String> failuresFor(String expectations) throws Exception {
        Study study = Studies.parse("exp.yaml", """
                name: exp
                workload:
                  template: crud
                  parameters: {table: dbstudy_person}
                factors:
                  operation: [read, write]
                  users: [2]
                settings: {duration: 10, rest: 0}
                expect:
                """ + expectations);
        PlanGenerator.write(study, out);
        Path results = Files.createDirectories(out.resolve("results"));
        for (Cell cell : study.cells()) {
            int elapsed = cell.factors().get("operation").equals("read") ? 20 : 80;
            StringBuilder jtl = new StringBuilder(JtlColumns.DEFAULT_HEADER).append('\n');
            for (int i = 0; i < 20; i++) {
                jtl.append(1_000_000 + i * 500L).append(',').append(elapsed + i % 3)
                        .append(",q,200,OK,t 1-1,text,true,,10,5,1,1,,3,0,1\n");
            }
            String base = Path.of(cell.planFile()).getFileName().toString().replace(".jmx", ".jtl");
            Files.writeString(results.resolve(base), jtl);
        }
        StudyPipeline.analyse(study, results, out);
        return ClaimVerdicts.buildFailures(out.resolve("report"));
    }

    @Test
    void anExpectationThatDoesNotHoldFailsTheBuildNamingTheClaim() throws Exception {
        List<String> failures = failuresFor("  - p90 of read < 5 ms\n  - write slower than read\n");
        assertEquals(1, failures.size(), failures.toString());
        assertTrue(failures.get(0).startsWith("expectation does not hold: expect[0] (exp.yaml:10) 'p90 of read < 5 ms'"),
                failures.get(0));
        // The same check is part of MavenStudy's checks after a run.
        List<String> checks = MavenStudy.checks(out, out.resolve("no-jmeter-home"));
        assertTrue(checks.contains(failures.get(0)), checks.toString());
    }

    @Test
    void expectationsThatHoldLetTheBuildPass() throws Exception {
        assertEquals(List.of(), failuresFor("  - p90 of read < 50 ms\n  - write slower than read\n"));
    }
}
