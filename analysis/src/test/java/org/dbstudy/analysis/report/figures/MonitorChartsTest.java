package org.dbstudy.analysis.report.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.Analyzer;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.statistics.StudyResult;
import org.jfree.data.xy.XYSeries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server's figures go on each run's own clock, the clock of the response-time series (second 0 =
 * the run's first sample), and a cell's replicates are averaged per second; values by hand.
 */
class MonitorChartsTest {
    private static final String JTL = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n";
    private static final String MONITOR = "timeStamp,source,metric,value,unit\n";

    @TempDir
    Path dir;

    @Test
    void eachReplicatesFiguresAreTakenFromItsOwnFirstSample() throws Exception {
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users,arrival\n"
                + "c,1,plans/c.jmx,5,x\nc,2,plans/c-r2.jmx,5,x\nquiet,1,plans/quiet.jmx,1,x\n");
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(results.resolve("c.jtl"), JTL + "1000000,5,q,200,OK,users 1-1,true\n1001200,5,q,200,OK,users 1-1,true\n");
        Files.writeString(results.resolve("c-r2.jtl"), JTL + "2000000,5,q,200,OK,users 1-1,true\n2001100,5,q,200,OK,users 1-1,true\n");
        Files.writeString(results.resolve("quiet.jtl"), JTL + "3000000,5,q,200,OK,users 1-1,true\n");
        Path monitor = Files.createDirectories(dir.resolve("monitor"));
        // Run 1: busy 10 % a second before its first sample, then 20 and 30; run 2: 40 then 50.
        Files.writeString(monitor.resolve("c.csv"), MONITOR + host(999_000, 90, 2, 100) + host(1_000_500, 80, 2, 300)
                + host(1_001_500, 70, 2, 200) + "1001500,database,sessions_active,4,count\n1001500,database,sessions_idle,1,count\n");
        Files.writeString(monitor.resolve("c-r2.csv"), MONITOR + host(2_000_200, 60, 2, 50) + host(2_001_900, 50, 2, 150)
                + "2001900,database,sessions_active,3,count\n");
        // Recorded an hour away from the quiet cell's run: not its figures.
        Files.writeString(monitor.resolve("quiet.csv"), MONITOR + host(6_600_000, 10, 2, 0));

        Path out = dir.resolve("report");
        AnalysisOptions options = new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out,
                0, false, 1, Optional.empty());
        StudyResult result = Analyzer.analyse(options);
        Map<String, CellResult> cells = new LinkedHashMap<>();
        result.cells().forEach(c -> cells.put(c.name(), c));
        assertEquals(java.util.Set.of(1_000_000L, 2_000_000L), java.util.Set.copyOf(cells.get("c").accumulator().runStarts()),
                "one clock per replicate, in reading order");

        MonitorCharts charts = MonitorCharts.of(result.monitor().orElseThrow(), result.cells(), new ChartSaver(dir));
        Map<MonitorCharts.Figure, MonitorCharts.PerSecond> c = charts.figures(cells.get("c"));
        assertEquals(Map.of(-1.0, 10.0, 0.0, 30.0, 1.0, 40.0), points(c.get(MonitorCharts.Figure.HOST_CPU)));
        // The server's 100, 300, 200 and 50, 150 % of one core on 2 cores: 50; (150 + 25) / 2; (100 + 75) / 2.
        assertEquals(Map.of(-1.0, 50.0, 0.0, 87.5, 1.0, 87.5), points(c.get(MonitorCharts.Figure.SERVER_CPU)));
        assertEquals(Map.of(1.0, 4.0), points(c.get(MonitorCharts.Figure.CONNECTIONS)), "(5 + 3) / 2");
        assertEquals(Map.of(-1.0, 25.0, 0.0, 25.0, 1.0, 25.0), points(c.get(MonitorCharts.Figure.MEMORY)));
        assertTrue(points(charts.figures(cells.get("quiet")).get(MonitorCharts.Figure.HOST_CPU)).isEmpty());

        Analyzer.run(options);
        assertTrue(Files.size(out.resolve("server-over-time-1.png")) > 10_000);
        assertTrue(Files.readString(out.resolve("index.html")).contains("server-over-time-1.png"));
    }

    @Test
    void withoutMonitorFilesThereIsNoFigure() throws Exception {
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan\nc,1,plans/c.jmx\n");
        Path results = Files.createDirectories(dir.resolve("results"));
        Files.writeString(results.resolve("c.jtl"), JTL + "1000000,5,q,200,OK,users 1-1,true\n1001200,5,q,200,OK,users 1-1,true\n");
        Path out = dir.resolve("report");
        AnalysisOptions options = new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")), out,
                0, false, 1, Optional.empty());
        assertTrue(Analyzer.analyse(options).monitor().isEmpty());
        Analyzer.run(options);
        assertFalse(Files.exists(out.resolve("server-over-time-1.png")));
    }

    private static String host(long t, double idle, int cpus, double serverCpu) {
        return t + ",host,cpu_idle_pct," + idle + ",pct\n" + t + ",host,cpus," + cpus + ",count\n"
                + t + ",host,mem_used_bytes,25,bytes\n" + t + ",host,mem_total_bytes,100,bytes\n"
                + t + ",server,cpu_pct," + serverCpu + ",pct_of_one_core\n";
    }

    private static Map<Double, Double> points(MonitorCharts.PerSecond perSecond) {
        XYSeries s = perSecond.series("x");
        Map<Double, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < s.getItemCount(); i++) {
            out.put(s.getX(i).doubleValue(), s.getY(i).doubleValue());
        }
        return out;
    }
}
