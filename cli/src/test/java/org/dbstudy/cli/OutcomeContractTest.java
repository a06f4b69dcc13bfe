package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.AnalysisOptions;
import org.dbstudy.analysis.Analyzer;
import org.dbstudy.jmeter.Outcome;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sampler writes an outcome class at the start of a failed sample's message; analysis counts
 * errors by those classes. Every class the sampler can write must reach its own column, not "other".
 */
class OutcomeContractTest {

    @Test
    void everySamplerOutcomeIsCountedUnderItsOwnName(@TempDir Path dir) throws Exception {
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n");
        long t = 1_000_000;
        for (Outcome o : Outcome.values()) {
            if (o != Outcome.SUCCESS && o != Outcome.OTHER) {
                jtl.append(t++).append(",5,tx,X 0,").append(o.label()).append(": text,users 1-1,false\n");
            }
        }
        Path file = dir.resolve("run.jtl");
        Files.writeString(file, jtl);
        Analyzer.run(new AnalysisOptions(List.of(file), Optional.empty(), dir.resolve("out"), 0, true, 1, Optional.empty()));
        String header = Files.readAllLines(dir.resolve("out/summary.csv")).get(0);
        for (Outcome o : Outcome.values()) {
            if (o != Outcome.SUCCESS && o != Outcome.OTHER) {
                assertTrue(header.contains("errors_" + o.label()), o.label() + " is not a column of summary.csv: " + header);
            }
        }
        assertTrue(!header.contains("errors_other"), "no sampler outcome may fall into 'other': " + header);
    }
}
