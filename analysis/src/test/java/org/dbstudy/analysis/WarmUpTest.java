package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.report.files.AnalysisReport;

/**
 * JMeter writes a row when its sample ends, stamped with the sample's start, so rows are not in
 * timeStamp order: a long sample that started first is written after short ones that started later.
 */
class WarmUpTest {
    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n";

    @Test
    void withoutAWarmUpNoSampleIsDroppedWhateverTheRowOrder(@TempDir Path dir) throws Exception {
        Path jtl = dir.resolve("run.jtl");
        Files.writeString(jtl, HEADER
                + "1000500,10,setUp t,200,OK,setUp 1-1,true\n"
                + "1001000,5,read,200,OK,users 1-1,true\n"
                + "1000900,400,read,200,OK,users 1-2,true\n"   // started earlier, ended later
                + "1002000,5,read,200,OK,users 1-1,true\n");
        AnalysisReport report = Analyzer.run(new AnalysisOptions(List.of(jtl), Optional.empty(), dir.resolve("out"),
                0, true, 1, Optional.empty()));
        assertEquals(3, report.samples(), "the setUp sample is left out, the three read samples all count");
        String summary = Files.readString(report.summaryCsv());
        assertEquals(true, summary.contains("\nread,3,0,"), summary);
    }

    @Test
    void aWarmUpDropsTheSamplesThatStartWithinItOfTheFirstWorkloadSample(@TempDir Path dir) throws Exception {
        Path jtl = dir.resolve("run.jtl");
        Files.writeString(jtl, HEADER
                + "1000000,5,read,200,OK,users 1-1,true\n"
                + "1000900,5,read,200,OK,users 1-1,true\n"
                + "1001000,5,read,200,OK,users 1-1,true\n"
                + "1003000,5,read,200,OK,users 1-1,true\n");
        AnalysisReport report = Analyzer.run(new AnalysisOptions(List.of(jtl), Optional.empty(), dir.resolve("out"),
                1.0, true, 1, Optional.empty()));
        assertEquals(2, report.samples(), "samples starting in the first second are warm-up");
    }
}
