package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.RunValues;
import org.dbstudy.analysis.cells.Spread;
import org.dbstudy.analysis.cells.StudyDesign;
import org.dbstudy.analysis.statistics.ConfigurationChange;
import org.dbstudy.analysis.statistics.DesignMetric;
import org.dbstudy.analysis.statistics.DesignResult;
import org.dbstudy.analysis.statistics.Effect;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.files.CsvWriter;
import org.dbstudy.vocabulary.FractionalDesign;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.vocabulary.files.ReportFiles;

/**
 * The design's part of the report: {@code effects.csv} and a section on a fractional design's effects
 * with their aliasing, or {@code configurations.csv} and a section on a one-factor-at-a-time design's
 * cells against the baseline. Nothing for a full factorial.
 */
public final class DesignReport {
    public static final String EFFECTS_FILE = ReportFiles.EFFECTS;
    public static final String CONFIGURATIONS_FILE = ReportFiles.CONFIGURATIONS;
    /** Aliases up to this many letters are shown on the page; effects.csv has them all. */
    private static final int SHOWN_ALIAS_LETTERS = 3;

    private DesignReport() {
    }

    public static void writeCsv(StudyResult r, Path dir) throws IOException {
        DesignResult d = r.design();
        if (!d.effects().isEmpty()) {
            effects(r, dir.resolve(EFFECTS_FILE));
        }
        if (!d.changes().isEmpty()) {
            configurations(r, dir.resolve(CONFIGURATIONS_FILE));
        }
    }

    private static void effects(StudyResult r, Path file) throws IOException {
        FractionalDesign fd = r.design().design().fractional();
        try (CsvWriter out = new CsvWriter(file, List.of("metric", "analysed_samples", "design", "resolution", "term",
                "factors", "low_level", "high_level", "mean_low", "mean_high", "effect", "cells_low", "cells_high",
                "aliases"))) {
            for (Effect e : r.design().effects()) {
                out.row(List.of(e.metric().id(), r.options().samples().id(), fd.text(), Integer.toString(fd.resolution()),
                        e.name(), e.factors(), e.low(), e.high(), Fmt.exact(e.meanLow()), Fmt.exact(e.meanHigh()),
                        Fmt.exact(e.effect()), Integer.toString(e.cellsLow()), Integer.toString(e.cellsHigh()),
                        String.join(" = ", e.aliases().stream().map(FractionalDesign.Term::text).toList())));
            }
        }
    }

    private static void configurations(StudyResult r, Path file) throws IOException {
        try (CsvWriter out = new CsvWriter(file, List.of("metric", "analysed_samples", "cell", "configuration",
                "changed", "value", "baseline", "ratio", "change_pct"))) {
            for (ConfigurationChange c : r.design().changes()) {
                out.row(List.of(c.metric().id(), r.options().samples().id(), c.cell(), c.configuration(), c.changed(),
                        Fmt.exact(c.value()), Fmt.exact(c.baseline()), Fmt.exact(c.ratio()), Fmt.exact(c.percent())));
            }
        }
    }

    /** The HTML section, if the design has one. */
    public static void html(Html h, StudyResult r) {
        DesignResult d = r.design();
        if (!d.effects().isEmpty()) {
            effectsHtml(h, r, d.design());
        }
        if (!d.changes().isEmpty()) {
            changesHtml(h, r);
        }
    }

    private static void effectsHtml(Html h, StudyResult r, StudyDesign design) {
        FractionalDesign fd = design.fractional();
        List<String> legend = new ArrayList<>();
        for (int i = 0; i < design.letterFactors().size(); i++) {
            legend.add(FractionalDesign.letter(i) + " = " + design.letterFactors().get(i) + " (− " + design.low().get(i)
                    + ", + " + design.high().get(i) + ")");
        }
        h.h2("Effects of the fractional factorial design " + fd.text() + ", resolution "
                + FractionalDesign.roman(fd.resolution()));
        h.p(fd.runs() + " of the " + (1 << fd.factors()) + " cells of the full factorial. Defining relation: I = "
                + String.join(" = ", fd.definingRelation().stream().map(FractionalDesign.Term::text).toList())
                + ". Factors: " + String.join("; ", legend) + ".");
        h.p("Effect = mean over the cells at + minus mean over the cells at − of each cell's value (replicates pooled),"
                + " computed on " + r.options().samples().description() + ". An effect's estimate is also that of"
                + " every effect it is aliased with: the design cannot tell them apart. Aliases of up to "
                + SHOWN_ALIAS_LETTERS + " factors are shown; " + DesignReport.EFFECTS_FILE + " lists them all.");
        Map<DesignMetric, List<List<String>>> byMetric = new LinkedHashMap<>();
        for (Effect e : r.design().effects()) {
            byMetric.computeIfAbsent(e.metric(), m -> new ArrayList<>()).add(List.of(e.name(), e.factors(),
                    e.main() ? e.low() + " → " + e.high() : "", Fmt.num(e.meanLow(), 2), Fmt.num(e.meanHigh(), 2),
                    Fmt.num(e.effect(), 2), shownAliases(e)));
        }
        byMetric.forEach((metric, rows) -> {
            h.raw("<h3>").raw(Html.escape(metric.description())).raw("</h3>\n");
            h.table(List.of("effect", "factors", "− → +", "mean at −", "mean at +", "effect (+ minus −)",
                    "aliased with"), rows);
        });
    }

    /** " [low … high] within noise" for a cell's mean change, between runs; "" without replicates. */
    private static String noiseBand(StudyResult r, String baselineCell, String cell) {
        CellResult b = r.cells().stream().filter(c -> c.name().equals(baselineCell)).findFirst().orElse(null);
        CellResult t = r.cells().stream().filter(c -> c.name().equals(cell)).findFirst().orElse(null);
        if (b == null || t == null || b.runs().size() < 2 || t.runs().size() < 2) {
            return "";
        }
        double[] ci = Spread.ratioInterval(t.analysed().mean(), Spread.of(t.runs(), RunValues.MEAN, true),
                b.analysed().mean(), Spread.of(b.runs(), RunValues.MEAN, true));
        if (!Double.isFinite(ci[0]) || !Double.isFinite(ci[1])) {
            return "";
        }
        return " [" + Fmt.num((ci[0] - 1) * 100, 1) + " … " + Fmt.num((ci[1] - 1) * 100, 1) + "]"
                + (ci[0] <= 1 && 1 <= ci[1] ? " within noise" : "");
    }

    private static String shownAliases(Effect e) {
        List<String> shown = e.aliases().stream().filter(a -> a.length() <= SHOWN_ALIAS_LETTERS)
                .map(FractionalDesign.Term::text).toList();
        long longer = e.aliases().size() - shown.size();
        return String.join(" = ", shown) + (longer == 0 ? "" : (shown.isEmpty() ? "" : "; ") + longer
                + " longer interaction" + (longer == 1 ? "" : "s"));
    }

    private static void changesHtml(Html h, StudyResult r) {
        Map<String, List<String>> byCell = new LinkedHashMap<>();
        String baselineCell = r.design().changes().stream().filter(c -> c.configuration().equals("baseline"))
                .map(ConfigurationChange::cell).findFirst().orElse(null);
        for (ConfigurationChange c : r.design().changes()) {
            List<String> row = byCell.computeIfAbsent(c.cell(), k -> new ArrayList<>(List.of(c.configuration(),
                    c.configuration().startsWith("combined") ? c.changed() : "", c.cell())));
            row.add(Fmt.num(c.value(), 2));
            row.add(c.configuration().equals("baseline") ? "" : Fmt.num(c.percent(), 1)
                    + (c.metric().equals(DesignMetric.MEAN_MS) ? noiseBand(r, baselineCell, c.cell()) : ""));
        }
        h.h2("One factor at a time against the baseline");
        h.p("Each cell against the baseline cell, on " + r.options().samples().description() + " (replicates pooled);"
                + " change = (value / baseline − 1) × 100. " + DesignReport.CONFIGURATIONS_FILE + " has the ratios."
                + " Brackets: the noise band of the mean's change, its 95 % interval from the variation between the"
                + " replicates of both cells (2 or more runs each); \"within noise\" when it holds 0, so the replicates"
                + " do not tell the change from run-to-run variation.");
        List<String> header = new ArrayList<>(List.of("configuration", "combined levels", "cell"));
        for (DesignMetric m : DesignMetric.values()) {
            header.add(m.description());
            header.add("change %");
        }
        h.table(header, new ArrayList<>(byCell.values()));
    }
}
