package org.dbstudy.vocabulary;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;

/**
 * {@code claims.csv} in a run folder: the study's claims, one per row, written by the generator beside
 * {@code manifest.csv} and read by the analysis. Selections are {@code factor=level} joined by {@code ;};
 * bounds are numbers written with {@link Locale#ROOT}, empty for none.
 */
public final class ClaimsFile {
    public static final String FILE_NAME = "claims.csv";
    /** A built-in study's paper in words (paper, source, setup, what compares how), beside claims.csv. */
    public static final String REFERENCE_FILE = "reference.txt";
    public static final List<String> COLUMNS = List.of("id", "origin", "source", "says", "kind", "metric", "label",
            "where", "a", "b", "factor", "direction", "low", "high", "up_to", "paper", "untestable", "versus", "monitor");

    private ClaimsFile() {
    }

    public static void write(Path file, List<Claim> claims) throws IOException {
        Files.writeString(file, text(claims), StandardCharsets.UTF_8);
    }

    public static String text(List<Claim> claims) {
        StringBuilder sb = new StringBuilder(Csv.join(COLUMNS)).append('\n');
        for (Claim c : claims) {
            sb.append(Csv.join(List.of(c.id(), c.origin().id(), c.source(), c.says(), c.kind().id(), c.metric().id(),
                    c.label(), selection(c.where()), selection(c.a()), selection(c.b()), c.factor(),
                    c.direction() == null ? "" : c.direction().id(), bound(c.low()), bound(c.high()), c.upTo(),
                    c.paper(), c.untestable(), c.versus(), c.monitor()))).append('\n');
        }
        return sb.toString();
    }

    /** The claims of {@code file}, or none when it does not exist. */
    public static List<Claim> read(Path file) throws IOException, CsvFileException {
        if (!Files.isRegularFile(file)) {
            return List.of();
        }
        // versus and monitor came later: a claims.csv written before them reads as empty fields.
        CsvTable table = CsvTable.read(file, COLUMNS.subList(0, COLUMNS.size() - 2).toArray(String[]::new));
        List<Claim> out = new ArrayList<>();
        for (CsvTable.Row r : table.rows()) {
            Claim.Origin origin = r.get("origin").equals("paper") ? Claim.Origin.PAPER : Claim.Origin.EXPECTATION;
            Claim.Kind kind = Claim.Kind.byId(r.get("kind"));
            if (kind == null) {
                throw new CsvFileException(file, r.line(), "kind", "'" + r.get("kind") + "' is not one of "
                        + Claim.Kind.validIds());
            }
            Claim.Metric metric = Claim.Metric.byId(r.get("metric"));
            if (metric == null) {
                throw new CsvFileException(file, r.line(), "metric", "'" + r.get("metric") + "' is not one of "
                        + Claim.Metric.validIds());
            }
            out.add(new Claim(r.get("id"), origin, r.get("source"), r.get("says"), kind, metric, r.get("label"),
                    selection(file, r, "where"), selection(file, r, "a"), selection(file, r, "b"), r.get("factor"),
                    Claim.Direction.byId(r.get("direction")), number(file, r, "low"), number(file, r, "high"),
                    r.get("up_to"), r.get("paper"), r.get("untestable"), r.get("versus"), r.get("monitor")));
        }
        return out;
    }

    static String selection(Map<String, String> levels) {
        List<String> parts = new ArrayList<>();
        levels.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> parts.add(e.getKey() + "=" + e.getValue()));
        return String.join(";", parts);
    }

    private static Map<String, String> selection(Path file, CsvTable.Row r, String column) throws CsvFileException {
        Map<String, String> out = new LinkedHashMap<>();
        String text = r.get(column);
        if (text.isEmpty()) {
            return out;
        }
        for (String part : text.split(";")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new CsvFileException(file, r.line(), column, "'" + part + "' is not factor=level");
            }
            out.put(part.substring(0, eq), part.substring(eq + 1));
        }
        return out;
    }

    private static String bound(double v) {
        return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%s", v);
    }

    private static double number(Path file, CsvTable.Row r, String column) throws CsvFileException {
        String text = r.get(column);
        if (text.isEmpty()) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new CsvFileException(file, r.line(), column, "'" + text + "' is not a number");
        }
    }
}
