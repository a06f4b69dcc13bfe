package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell whose JMeter dies says how: the signal, out of memory, or the exit status; not a line from its log. */
class CellRunDeathTest {

    @Test
    void exitStatusesAreNamed(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cell.log");
        Path out = dir.resolve("cell.out");
        Files.writeString(log, "2026-01-01 ERROR o.a.j.s.SaveService: java.lang.ClassNotFoundException: HTTPSamplerBaseConverter\n");
        assertEquals("JMeter was killed by SIGKILL (exit 137)", CellRun.howItDied(137, List.of(log, out)));
        assertEquals("JMeter was killed by SIGTERM (exit 143)", CellRun.howItDied(143, List.of(log, out)));
        assertEquals("JMeter was killed by signal 40 (exit 168)", CellRun.howItDied(168, List.of(log, out)));
        assertEquals("JMeter exited with status 1", CellRun.howItDied(1, List.of(log, out)));
        Files.writeString(out, "Exception in thread \"users 1-3\" java.lang.OutOfMemoryError: Java heap space\n");
        assertEquals("JMeter ran out of memory (java.lang.OutOfMemoryError, exit 1)", CellRun.howItDied(1, List.of(log, out)));
    }

    @Test
    void aJMeterKilledMidCellIsKilledBySigkillAndItsSamplesStay(@TempDir Path dir) throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Study study = Studies.load("smoke").withOverrides(Map.of("operation", List.of("read"), "users", List.of("2")),
                OptionalLong.of(60)).forDialect(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL).withConnection(pg.url(), pg.user());
        PlanGenerator.write(study, dir);
        Files.createDirectories(dir.resolve("logs"));
        Cell cell = study.cells().get(0);
        Path jtl = dir.resolve("cell.jtl");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        CellRun run = new CellRun(JMeterHome.locate(), dir, new PrintStream(log, true, StandardCharsets.UTF_8), 500);
        CompletableFuture<CellOutcome> verdict = CompletableFuture.supplyAsync(() -> {
            try {
                return run.run(cell.id(), dir.resolve(cell.planFile()), jtl, dir.resolve("logs/cell.log"), List.of(), 60,
                        new CellRun.Position(1, 1, System.nanoTime(), 0));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
            while (samples(jtl) < 5 && System.nanoTime() < deadline && !verdict.isDone()) {
                Thread.sleep(200);
            }
            assertFalse(verdict.isDone(), "the cell ended before it could be killed: " + log);
            ProcessHandle jmeter = ProcessHandle.current().children()
                    .filter(p -> p.info().commandLine().orElse("").contains("ApacheJMeter.jar")).findFirst().orElseThrow();
            jmeter.destroyForcibly(); // SIGKILL
            CellOutcome v = verdict.get(60, TimeUnit.SECONDS);
            assertTrue(v instanceof CellOutcome.JMeterDied, v.toString());
            assertEquals("JMeter was killed by SIGKILL (exit 137); see logs/cell.log", v.reason());
            assertTrue(v.measures().samples() >= 5, "the samples written before the kill are kept: " + v.measures().samples());
        } finally {
            run.stop();
        }
    }

    private static long samples(Path jtl) throws Exception {
        if (!Files.exists(jtl)) {
            return 0;
        }
        return Files.readAllLines(jtl).stream().filter(l -> l.contains(",read,")).count();
    }
}
