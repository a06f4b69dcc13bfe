package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.analysis.report.files.AnalysisReport;
import org.dbstudy.analysis.report.files.ClientSummary;
import org.dbstudy.analysis.report.files.MonitorSummary;
import org.dbstudy.analysis.report.files.SummaryColumns;
import org.dbstudy.analysis.report.validity.Validity;
import org.dbstudy.vocabulary.files.CsvTable;

/** The monitor's per-second rows become columns of each cell's row in summary.csv, replicates pooled, values by hand. */
class MonitorSummaryTest {
    @TempDir
    Path dir;

    @Test
    void eachCellGetsItsServerFiguresPooledOverReplicates() throws Exception {
        Path manifest = Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users,arrival\n"
                + "u5,1,plans/u5.jmx,5,x\nu5,2,plans/u5-r2.jmx,5,x\nu9,1,plans/u9.jmx,9,x\nquiet,1,plans/quiet.jmx,1,x\n");
        Path monitor = Files.createDirectories(dir.resolve("monitor"));
        String header = "timeStamp,source,metric,value,unit\n";
        Files.writeString(monitor.resolve("u5.csv"), header
                + "1000,host,cpu_idle_pct,80,pct\n1000,host,cpu_steal_pct,0,pct\n1000,host,mem_used_bytes,100,bytes\n1000,server,cpu_pct,50,pct_of_one_core\n"
                + "1000,server,rss_bytes,7,bytes\n1000,database,sessions_active,3,count\n1000,database,sessions_idle,2,count\n"
                + "1000,database,lock_waits,1,count\n1000,database,deadlocks,0,count\n"
                + "2000,host,cpu_idle_pct,40,pct\n2000,host,cpu_steal_pct,9,pct\n2000,host,mem_used_bytes,300,bytes\n2000,server,cpu_pct,150,pct_of_one_core\n"
                + "2000,database,sessions_active,5,count\n2000,database,lock_waits,4,count\n2000,database,deadlocks,2,count\n");
        Files.writeString(monitor.resolve("u5-r2.csv"), header
                + "1000,host,cpu_idle_pct,70,pct\n1000,host,cpu_steal_pct,3,pct\n1000,server,cpu_pct,100,pct_of_one_core\n1000,database,deadlocks,1,count\n");
        Files.writeString(monitor.resolve("u9.csv"), header
                + "5,database,threads_connected,10,count\n5,database,row_lock_waits,3,count\n"
                + "6,database,threads_connected,4,count\n6,database,row_lock_waits,2,count\n"
                + "6,database,refused_max_connections,1,count\n");
        // summary.csv's rows as the statistics left them, then the monitor's columns.
        Manifest read = Manifest.read(manifest);
        SummaryColumns columns = MonitorSummary.of(MonitorFiles.read(read.studyDir(), read::cellOf).orElseThrow());
        List<String> lines = new ArrayList<>();
        lines.add("cell,users,samples," + String.join(",", columns.names()));
        for (String row : List.of("u5,5,10", "u9,9,3", "quiet,1,0")) {
            lines.add(row + "," + String.join(",", columns.fieldsOf().apply(row.substring(0, row.indexOf(',')))));
        }
        assertEquals("cell,users,samples," + String.join(",", MonitorSummary.COLUMNS), lines.get(0));
        // busy 20, 60, 30 → mean 36.67, max 60; steal 0, 9, 3 → mean 4, max 9; server 50, 150, 100 → mean 100;
        // sessions 5 then 5; deadlocks 0+2+1
        assertEquals("u5,5,10,3,0,36.666666666666664,60,4,9,300,100,150,7,4,,3,5,", lines.get(1));
        // MariaDB counts the monitor's own connection: 10 − 1
        assertEquals("u9,9,3,2,0,,,,,,,,,,5,,9,1", lines.get(2));
        assertEquals("quiet,1,0,0,0,,,,,,,,,,,,,", lines.get(3), "a cell without monitor rows has empty figures");
    }

    @Test
    void secondsWithoutHostFiguresAreCountedAndThreatenTheCell() throws Exception {
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nc,1,plans/c.jmx,5\n");
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 20; i++) {
            jtl.append(JtlReadingTest.row(1_000_000 + i * 100L, 10, "q", "200", "OK", true));
        }
        Files.writeString(results.resolve("c.jtl"), jtl);
        // The remote monitor answered the first second, not the next two (the runner marked them).
        Files.writeString(Files.createDirectories(dir.resolve("monitor")).resolve("c.csv"), "timeStamp,source,metric,value,unit\n"
                + "1000000,host,cpu_idle_pct,60,pct\n1000000,database,commits,3,count\n"
                + "1001000,host,missing,1,count\n1001000,database,commits,4,count\n"
                + "1002000,host,missing,1,count\n1002000,database,commits,5,count\n");
        AnalysisReport report = Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("out"), 0, false, 42, Optional.empty()));
        CsvTable.Row c = CsvTable.read(report.summaryCsv()).rows().get(0);
        assertEquals("3", c.get("monitor_seconds"));
        assertEquals("2", c.get("host_missing_seconds"));
        assertEquals("40", c.get("host_cpu_mean_pct"), "from the second that has it");
        assertEquals("threatened", c.get("validity"));
        assertEquals("host figures missing for 2 of 3 monitored seconds", c.get("validity_threats"));
    }

    @Test
    void withoutAMonitorDirectorySummaryCsvHasNoMonitorColumns() throws Exception {
        Path manifest = Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan\nc,1,plans/c.jmx\n");
        Manifest read = Manifest.read(manifest);
        Optional<MonitorFiles> monitor = MonitorFiles.read(read.studyDir(), read::cellOf);
        assertFalse(monitor.isPresent());
        assertEquals(List.of(), SummaryColumns.beside(Optional.of(read), monitor, List.of()), "nor the client's: nothing recorded");
    }

    @Test
    void theAnalysisWritesTheMonitorsAndTheClientsColumnsBeforeTheVerdicts() throws Exception {
        Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users\nc,1,plans/c.jmx,5\n");
        Path results = Files.createDirectories(dir.resolve("results"));
        StringBuilder jtl = new StringBuilder(JtlReadingTest.HEADER);
        for (int i = 0; i < 20; i++) {
            jtl.append(JtlReadingTest.row(1_000_000 + i * 100L, 10, "q", "200", "OK", true));
        }
        Files.writeString(results.resolve("c.jtl"), jtl);
        Files.writeString(Files.createDirectories(dir.resolve("monitor")).resolve("c.csv"), "timeStamp,source,metric,value,unit\n"
                + "1000000,host,cpu_idle_pct,2,pct\n1001000,host,cpu_idle_pct,4,pct\n");
        Files.writeString(dir.resolve("run-status.csv"), "cell,replicate,status,reason,started,finished,samples,client_cpu_pct\n"
                + "c,1,done,,1970-01-01T00:16:39Z,1970-01-01T00:16:43Z,20,12.5\n"); // the samples' run: 1 000 000 ms on

        AnalysisReport report = Analyzer.run(new AnalysisOptions(List.of(results), Optional.of(dir.resolve("manifest.csv")),
                dir.resolve("out"), 0, false, 42, Optional.empty()));
        CsvTable summary = CsvTable.read(report.summaryCsv());
        List<String> header = summary.header();
        List<String> last = new ArrayList<>(MonitorSummary.COLUMNS);
        last.addAll(ClientSummary.COLUMNS);
        last.addAll(Validity.COLUMNS);
        assertEquals(last, header.subList(header.size() - last.size(), header.size()));
        CsvTable.Row c = summary.rows().get(0);
        assertEquals("2", c.get("monitor_seconds"));
        assertEquals("97", c.get("host_cpu_mean_pct"), "busy 98 and 96");
        assertEquals("12.5", c.get("client_cpu_pct"));
        assertEquals("threatened", c.get("validity"), "judged on the monitor's columns: " + c.get("validity_threats"));
        assertEquals("host CPU saturated (mean 97 % busy)", c.get("validity_threats"));
    }
}
