package org.dbstudy.analysis.report.validity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The end-of-run validity warning: a line per cell and threat, each short, instead of one line of 600 characters and more. */
class ValidityWarningTest {

    @Test
    void oneLinePerCellAndThreatUnderACountingFirstLine() {
        String w = Validity.warning(List.of(
                new Validity.Verdict("isolationREAD_COMMITTED-users16", List.of(), ""),
                new Validity.Verdict("isolationREPEATABLE_READ-users16", List.of(
                        "schedule lag: p99 50 ms above the bound of 25 ms (offered 12.5/s of 18.2/s designed)",
                        "host CPU saturated (mean 97.5 % busy)"), ""),
                new Validity.Verdict("isolationSERIALIZABLE-users16", List.of("CPU steal (mean 7.0 %)"), "")));
        assertEquals("""
                2 of 3 cells ran under threats to their validity (summary.csv validity_threats, the report's Validity section):
                  isolationREPEATABLE_READ-users16: schedule lag: p99 50 ms above the bound of 25 ms (offered 12.5/s of 18.2/s designed)
                  isolationREPEATABLE_READ-users16: host CPU saturated (mean 97.5 % busy)
                  isolationSERIALIZABLE-users16: CPU steal (mean 7.0 %)""", w);
    }

    @Test
    void everyLineIsShortHoweverManyCellsAndLongThreats() {
        List<Validity.Verdict> verdicts = new ArrayList<>();
        String longThreat = "behind schedule: offered 14.3/s of 18.2/s designed (79 % of the designed rate offered, below 90 %),"
                + " paced by the responses (mean 38.8 ms, fastest 10 ms), not by the client";
        for (int i = 0; i < 40; i++) {
            verdicts.add(new Validity.Verdict("isolationREPEATABLE_READ-users" + i + "-warehouses" + i + "-pool" + i,
                    List.of(longThreat, "server shared with other clients (up to 40 connections, the cell has 16 users)"), ""));
        }
        List<String> lines = Validity.warning(verdicts).lines().toList();
        for (String line : lines) {
            assertTrue(line.length() <= Validity.MAX_LINE, line.length() + " characters: " + line);
        }
        assertTrue(lines.get(0).startsWith("40 of 40 cells ran under threats"), lines.get(0));
        long threatLines = lines.stream().filter(l -> l.startsWith("  isolation")).count();
        assertEquals(Validity.MAX_THREAT_LINES, threatLines, "the first cells' threats, each on its own line");
        assertEquals("  and " + (40 - Validity.MAX_THREAT_LINES / 2) + " more cells (see summary.csv)", lines.get(lines.size() - 1));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("      ") && l.endsWith("not by the client")),
                "a threat too long for one line goes on, indented, on the next: " + lines);
    }

    @Test
    void noWarningWhenEveryCellIsValid() {
        assertNull(Validity.warning(List.of(new Validity.Verdict("c", List.of(), ""))));
    }
}
