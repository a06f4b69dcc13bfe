package org.dbstudy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.vocabulary.files.CsvFileException;

/**
 * The verdicts of a study's claims as the commands print them ({@code run}, {@code analyze},
 * {@code reproduce}) and as {@code mvn verify} checks them: an expectation of the study file's own that
 * does not hold fails the build, with the claim named; a paper's finding never does.
 */
public final class ClaimVerdicts {
    private ClaimVerdicts() {
    }

    static List<Reproduction.Row> of(Path reportDir) throws IOException {
        try {
            return Reproduction.read(reportDir.resolve(Reproduction.FILE_NAME));
        } catch (CsvFileException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** "claims: 12 (5 holds, …)" and one line per claim; nothing for a study without claims. */
    static void print(List<Reproduction.Row> rows, PrintStream out) {
        if (rows.isEmpty()) {
            return;
        }
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        rows.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(n + " " + v.words()));
        out.println("claims: " + rows.size() + " (" + String.join(", ", parts) + ")");
        rows.forEach(r -> out.println("  " + r.verdict().words().toUpperCase(java.util.Locale.ROOT) + "  " + r.line()));
    }

    /** One message per expectation that does not hold, naming the claim; empty when every one holds or is open. */
    public static List<String> buildFailures(Path reportDir) throws IOException {
        return of(reportDir).stream().filter(Reproduction.Row::failsBuild)
                .map(r -> "expectation does not hold: " + r.line()).toList();
    }
}
