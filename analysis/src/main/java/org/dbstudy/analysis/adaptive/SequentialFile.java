package org.dbstudy.analysis.adaptive;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.analysis.judging.Reproduction;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.vocabulary.RunFolder;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.files.CsvWriter;

/**
 * {@code sequential.csv} in the run folder: after each look of a run with {@code --budget}, each claim's verdict
 * at its deciding (or last) look and how it got there, and why the loop stopped. The analysis puts it into
 * {@code reproduction.csv}, so that the report and {@code reproduce}'s verdicts are the sequential ones, each with
 * the look, replicates and time it took, an undecided one with the way it leans and what stopped the loop.
 */
public final class SequentialFile {
    public static final String FILE_NAME = RunFolder.SEQUENTIAL;
    static final List<String> COLUMNS = List.of("id", "verdict", "ours", "explanation", "decided", "look", "max_looks",
            "alpha", "replicates", "seconds", "lean", "progress", "stopped");

    private SequentialFile() {
    }

    /**
     * Writes {@code look}'s claims into {@code file}.
     *
     * @param stopped why the loop stopped after this look ("the budget ...", "every claim is decided"), or "" while
     *                it goes on
     */
    public static void write(Path file, SequentialClaims.Look look, int maxLooks, String stopped) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (CsvWriter w = new CsvWriter(tmp, COLUMNS)) {
            for (ClaimDecision d : look.claims()) {
                w.row(List.of(d.claim().id(), d.judgement().verdict().words(), d.judgement().ours(),
                        d.judgement().explanation(), Boolean.toString(d.decided()), Integer.toString(d.look()),
                        Integer.toString(maxLooks), String.format(Locale.ROOT, "%.6g", d.alpha()),
                        Integer.toString(d.replicates()), String.format(Locale.ROOT, "%.1f", d.seconds()),
                        d.lean().words(), d.words(maxLooks), stopped));
            }
        }
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Puts {@code studyDir}'s sequential.csv, when there is one, into {@code reportDir}'s reproduction.csv: each of its
     * claims with the sequential verdict, and why, then the look it was decided at (or what left it undecided).
     */
    public static void apply(Path studyDir, Path reportDir) throws IOException, AnalysisInputException {
        Path file = studyDir.resolve(FILE_NAME);
        Path reproduction = reportDir.resolve(Reproduction.FILE_NAME);
        if (!Files.isRegularFile(file) || !Files.isRegularFile(reproduction)) {
            return;
        }
        Map<String, CsvTable.Row> byId = new LinkedHashMap<>();
        try {
            for (CsvTable.Row r : CsvTable.read(file, COLUMNS.toArray(String[]::new)).rows()) {
                byId.put(r.get("id"), r);
            }
            List<Reproduction.Row> rows = Reproduction.read(reproduction);
            try (CsvWriter w = new CsvWriter(reproduction, Reproduction.COLUMNS)) {
                for (Reproduction.Row r : rows) {
                    CsvTable.Row s = byId.get(r.id());
                    boolean sequential = s != null && !s.get("progress").isEmpty();
                    String stopped = s == null || Boolean.parseBoolean(s.get("decided")) || s.get("stopped").isEmpty() ? ""
                            : "; stopped: " + s.get("stopped");
                    w.row(List.of(r.id(), r.origin(), r.source(), r.says(), r.kind(), r.metric(), r.paper(),
                            sequential ? s.get("ours") : r.ours(), sequential ? s.get("verdict") : r.verdict().words(),
                            sequential ? s.get("explanation") + "; " + s.get("progress") + stopped : r.explanation()));
                }
            }
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
    }
}
