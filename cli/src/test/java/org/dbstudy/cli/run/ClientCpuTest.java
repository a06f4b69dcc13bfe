package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.junit.jupiter.api.Test;

class ClientCpuTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void cpuOverTheWindowIsAShareOfAllCores() {
        ClientCpu cpu = new ClientCpu(2);
        cpu.inWindow(10 * SECOND, Optional.of(Duration.ofSeconds(7))); // JVM start and setUp: not the window's
        cpu.inWindow(12 * SECOND, Optional.of(Duration.ofSeconds(8)));
        cpu.inWindow(20 * SECOND, Optional.of(Duration.ofSeconds(15)));
        // 8 s of CPU in 10 s on 2 cores.
        assertEquals(40.0, cpu.pct(), 1e-9);
    }

    @Test
    void withoutTwoLooksOrWithoutTheOsCountItIsUnknown() {
        ClientCpu once = new ClientCpu(2);
        once.inWindow(SECOND, Optional.of(Duration.ofSeconds(1)));
        assertTrue(Double.isNaN(once.pct()));
        ClientCpu unknown = new ClientCpu(2);
        unknown.inWindow(SECOND, Optional.empty());
        unknown.inWindow(2 * SECOND, Optional.empty());
        assertTrue(Double.isNaN(unknown.pct()));
    }

    @Test
    void jmeterWritesItsGcLogBesideItsLogWhateverTheHome() {
        Path out = Path.of("study");
        List<String> cmd = new CellRun(JMeterHome.locate(), out, System.out, 1000)
                .command(out.resolve("plans/x.jmx"), out.resolve("results/x.jtl"), out.resolve("logs/x.log"), List.of());
        int xlog = cmd.indexOf("-Xlog:gc:file=" + out.resolve("logs/x.gc.log"));
        assertTrue(xlog > 0 && xlog < cmd.indexOf("-jar"), "a JVM option, before -jar: " + cmd);
    }
}
