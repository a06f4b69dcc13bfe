package org.dbstudy.analysis.report.html;

import java.util.List;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;
import org.dbstudy.vocabulary.files.CellStopFile;

/**
 * Cells that end on precision: per run, how long it measured, the warm-up cut detected (MSER-5, left out of its
 * statistics) and the precision each statistic reached, or that the maximum duration ended it first.
 */
final class StoppingSection implements ReportSection {
    @Override
    public String id() {
        return "stopping";
    }

    @Override
    public String title() {
        return "Cell lengths";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().stops().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        List<CellStopFile.Row> stops = page.result().stops();
        h.h2(id(), title());
        long early = stops.stream().filter(r -> CellStopFile.PRECISION.equals(r.ended())).map(CellStopFile.Row::key)
                .distinct().count();
        long runs = stops.stream().map(CellStopFile.Row::key).distinct().count();
        h.p(early + " of " + runs + " runs ended on precision, the others at their maximum duration. Each run's warm-up"
                + " cut (MSER-5) is left out of its statistics; the precision is the half-width of a 95 % batch-means"
                + " interval over the mean, after the cut (docs/analysis.md, \"Cells that end on precision\").");
        h.table(List.of("cell", "replicate", "measured s", "warm-up cut s", "statistic", "target", "reached"),
                stops.subList(0, Math.min(stops.size(), HtmlReport.MAX_ROWS)).stream().map(StoppingSection::row).toList());
    }

    private static List<String> row(CellStopFile.Row r) {
        String reached = Double.isNaN(r.reachedPct()) ? "no trusted interval" : "±" + Fmt.num(r.reachedPct(), 1) + " %";
        return List.of(r.cell(), Integer.toString(r.replicate()), Fmt.num(r.measuredSeconds(), 1),
                Fmt.num(r.warmupSeconds(), 1), r.statistic(), Fmt.num(r.targetPct(), 1) + " %",
                CellStopFile.PRECISION.equals(r.ended()) ? reached : Double.isNaN(r.reachedPct())
                        ? "max duration reached, no trusted interval" : "max duration reached at " + reached);
    }
}
