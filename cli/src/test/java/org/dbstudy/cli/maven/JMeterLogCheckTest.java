package org.dbstudy.cli.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main job's logging check: what made mvn verify print 31 800 DEBUG lines fails the build. */
class JMeterLogCheckTest {

    @Test
    void aLogPerCellAtInfoAndJMetersOwnJarsPass(@TempDir Path dir) throws Exception {
        Study study = oneCell();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Files.writeString(logs.resolve(plan(study) + ".log"),
                "2026-01-01 12:00:00,000 INFO o.a.j.JMeter: Version 5.6.3\n");
        Path lib = Files.createDirectories(dir.resolve("jmeter/lib"));
        Files.writeString(lib.resolve("slf4j-api-1.7.36.jar"), "");
        Files.writeString(lib.resolve("log4j-slf4j-impl-2.22.1.jar"), "");
        assertEquals(List.of(), JMeterLogCheck.problems(study, logs, dir.resolve("jmeter")));
    }

    @Test
    void debugLinesAMissingLogAndLogbackInLibAreEachAProblem(@TempDir Path dir) throws Exception {
        Study study = oneCell();
        Path logs = Files.createDirectories(dir.resolve("logs"));
        Path lib = Files.createDirectories(dir.resolve("jmeter/lib"));
        Files.writeString(lib.resolve("logback-classic-1.5.6.jar"), "");
        Files.writeString(lib.resolve("slf4j-api-2.0.13.jar"), "");
        List<String> problems = JMeterLogCheck.problems(study, logs, dir.resolve("jmeter"));
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).endsWith("logback-classic-1.5.6.jar is not JMeter's and takes over its logging"), problems.get(0));
        assertTrue(problems.get(2).startsWith("no JMeter log for " + plan(study)), problems.get(2));

        Files.writeString(logs.resolve(plan(study) + ".log"), "2026-01-01 12:00:00,000 INFO o.a.j.JMeter: x\n"
                + "2026-01-01 12:00:00,001 DEBUG o.a.j.t.TestBeanHelper: y\n");
        List<String> again = JMeterLogCheck.problems(study, logs, null);
        assertEquals(1, again.size(), again.toString());
        assertTrue(again.get(0).endsWith("has 1 DEBUG lines (JMeter logs at INFO)"), again.get(0));
    }

    private static Study oneCell() throws Exception {
        return Studies.load("smoke").withOverrides(Map.of("operation", List.of("read"), "users", List.of("2")),
                OptionalLong.empty());
    }

    private static String plan(Study study) {
        String p = study.cells().get(0).planFile();
        return p.substring(p.lastIndexOf('/') + 1);
    }
}
