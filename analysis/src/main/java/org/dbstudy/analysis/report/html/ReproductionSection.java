package org.dbstudy.analysis.report.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.judging.Verdict;
import org.dbstudy.vocabulary.ClaimsFile;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.analysis.report.files.DriverNotes;
import org.dbstudy.analysis.report.format.Html;

/**
 * The paper beside us and the user's expectations: per claim the paper's value, ours with its interval,
 * the verdict and why (read back from {@code reproduction.csv}), with the paper's setup and what
 * compares in value and what only in shape ({@code reference.txt}) above the table.
 */
final class ReproductionSection implements ReportSection {
    @Override
    public String id() {
        return "reproduction";
    }

    @Override
    public String title() {
        return "Claims";
    }

    @Override
    public boolean applies(ReportPage page) {
        return Files.isRegularFile(page.dir().resolve(Reproduction.FILE_NAME));
    }

    @Override
    public void write(Html h, ReportPage page) {
        List<Reproduction.Row> rows;
        try {
            rows = Reproduction.read(page.dir().resolve(Reproduction.FILE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (CsvFileException e) {
            throw new IllegalStateException("reproduction.csv written by this analysis is unreadable: " + e.getMessage(), e);
        }
        h.h2(id(), rows.stream().anyMatch(r -> r.origin().equals("paper")) ? "Reproduction: the paper's claims"
                : "Expectations");
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        rows.forEach(r -> counts.merge(r.verdict(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((v, n) -> parts.add(n + " " + v.words()));
        h.raw("<p class=lead>").raw(Html.escape(rows.size() + " claims: " + String.join(", ", parts)
                + ". Judged on shape (ratios of matched cells, orders, trend tests over replicates), never on absolute"
                + " values across machines; limits are a user's own bounds for this machine.")).raw("</p>\n");
        Path reference = page.dir().resolve(ClaimsFile.REFERENCE_FILE);
        if (Files.isRegularFile(reference)) {
            try {
                List<String> lines = Files.readAllLines(reference, StandardCharsets.UTF_8);
                h.list(lines.stream().filter(l -> !l.isBlank()).toList());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        // Wherever targets are compared: what the targets really were (a driver on another product's server).
        DriverNotes.of(page.result().environments()).forEach(n -> h.p("Note: " + n + "."));
        // The verdict's reason is the point of the table: its cells wrap instead of scrolling out of sight.
        h.raw("<style>.claims td{white-space:normal;min-width:6em;vertical-align:top}</style><div class=claims>");
        List<String> classes = rows.stream().map(r -> r.verdict() == Verdict.DOES_NOT_HOLD ? "differs" : "").toList();
        h.table(List.of("claim", "says", "paper", "ours", "verdict", "why", "source"), rows.stream()
                .map(r -> List.of(r.id(), r.says().isEmpty() ? r.kind() + " of " + r.metric() : r.says(), r.paper(),
                        r.ours(), r.verdict().words(), r.explanation(), r.source())).toList(), classes);
        h.raw("</div>");
        h.note("All rows in " + Reproduction.FILE_NAME + ". Undecided: the runs cannot tell at this noise (the row"
                + " says which way the estimate leans and, where more runs can change it, how many replicates per cell"
                + " would decide it). Not testable here: the row says why.");
    }
}
