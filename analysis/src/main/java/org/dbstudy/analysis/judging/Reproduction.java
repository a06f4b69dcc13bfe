package org.dbstudy.analysis.judging;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * Every claim of a study judged, in claims.csv order, and {@code reproduction.csv}, the file the report
 * section, {@code bin/dbstudy} and {@code mvn verify} read it back from: one row per claim with the
 * paper's value, ours with its interval, the verdict and why.
 */
public final class Reproduction {
    public static final String FILE_NAME = ReportFiles.REPRODUCTION;
    public static final List<String> COLUMNS = List.of("id", "origin", "source", "says", "kind", "metric", "paper",
            "ours", "verdict", "explanation");

    private Reproduction() {
    }

    public static List<Judgement> judge(List<Claim> claims, List<String> factors, List<CellResult> cells) {
        return judge(claims, factors, cells, List.of());
    }

    /**
     * @param cells   the cells as claims see them: without the runs in {@code leftOut}
     * @param leftOut runs that failed or did not finish; each claim says which of its cells' runs it left out
     */
    public static List<Judgement> judge(List<Claim> claims, List<String> factors, List<CellResult> cells,
            List<RunStatusFile.Row> leftOut) {
        return judge(claims, factors, cells, leftOut, Threats.NONE, ClaimJudge.ALPHA, Optional.empty());
    }

    /**
     * The same at one look of a sequential procedure: intervals at 1 − {@code alpha}, each one-sided trend test at
     * {@code alpha} (judged once: 0.05).
     */
    public static List<Judgement> judge(List<Claim> claims, List<String> factors, List<CellResult> cells,
            List<RunStatusFile.Row> leftOut, double alpha) {
        return judge(claims, factors, cells, leftOut, Threats.NONE, alpha, Optional.empty());
    }

    /** @param monitor the monitor's files, which MONITOR claims read; empty when no monitor ran */
    public static List<Judgement> judge(List<Claim> claims, List<String> factors, List<CellResult> cells,
            List<RunStatusFile.Row> leftOut, Optional<MonitorFiles> monitor) {
        return judge(claims, factors, cells, leftOut, Threats.NONE, ClaimJudge.ALPHA, monitor);
    }

    /** @param threats what threatens the cells: each verdict drawn from them says so */
    static List<Judgement> judge(List<Claim> claims, List<String> factors, List<CellResult> cells,
            List<RunStatusFile.Row> leftOut, Threats threats, double alpha, Optional<MonitorFiles> monitor) {
        ClaimJudge judge = new ClaimJudge(factors, cells, leftOut, threats, alpha, monitor);
        List<Judgement> out = new ArrayList<>();
        for (Claim c : claims) {
            out.add(judge.judge(c));
        }
        return out;
    }

    /** The names of the cells {@code claim} reads (where it has samples or not), in {@code cells}' order. */
    public static List<String> cellsOf(Claim claim, List<String> factors, List<CellResult> cells) {
        ClaimJudge judge = new ClaimJudge(factors, cells);
        return cells.stream().filter(c -> judge.usedBy(claim, c)).map(CellResult::name).toList();
    }

    public static void write(Path file, List<Judgement> judgements) throws IOException {
        try (CsvWriter w = new CsvWriter(file, COLUMNS)) {
            for (Judgement j : judgements) {
                Claim c = j.claim();
                w.row(List.of(c.id(), c.origin().id(), c.source(), c.says(), c.kind().id(), c.metric().id(), c.paper(),
                        j.ours(), j.verdict().words(), j.explanation()));
            }
        }
    }

    /** A row of reproduction.csv as read back. */
    public record Row(String id, String origin, String source, String says, String kind, String metric, String paper,
                      String ours, Verdict verdict, String explanation) {
        public boolean failsBuild() {
            return origin.equals(Claim.Origin.EXPECTATION.id()) && verdict == Verdict.DOES_NOT_HOLD;
        }

        public String line() {
            return id + " (" + source + ")" + (says.isEmpty() ? "" : " '" + says + "'") + ": " + verdict.words()
                    + (ours.isEmpty() ? "" : "; ours " + ours) + " - " + explanation;
        }
    }

    /** The rows of {@code file}, or none when it does not exist (a study without claims). */
    public static List<Row> read(Path file) throws IOException, CsvFileException {
        if (!java.nio.file.Files.isRegularFile(file)) {
            return List.of();
        }
        CsvTable t = CsvTable.read(file, COLUMNS.toArray(String[]::new));
        List<Row> rows = new ArrayList<>();
        for (CsvTable.Row r : t.rows()) {
            Verdict v = Verdict.byWords(r.get("verdict"));
            if (v == null) {
                throw new CsvFileException(file, r.line(), "verdict", "'" + r.get("verdict") + "' is not a verdict");
            }
            rows.add(new Row(r.get("id"), r.get("origin"), r.get("source"), r.get("says"), r.get("kind"),
                    r.get("metric"), r.get("paper"), r.get("ours"), v, r.get("explanation")));
        }
        return rows;
    }
}
