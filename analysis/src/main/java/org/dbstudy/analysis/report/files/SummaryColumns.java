package org.dbstudy.analysis.report.files;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.MonitorFiles;
import org.dbstudy.analysis.report.validity.Validity;

/**
 * Columns of {@code summary.csv} measured beside the results rather than from them (the monitor's, the
 * client's): their names and each cell's fields, found before the file is written so it is written once.
 *
 * @param names    the columns, in order
 * @param fieldsOf a cell's fields by its name, one per column
 */
public record SummaryColumns(List<String> names, Function<String, List<String>> fieldsOf) {
    public SummaryColumns {
        names = List.copyOf(names);
    }

    /**
     * The server's columns when a monitor ran ({@link MonitorSummary}, from the files the analysis read), then the
     * client's when the runner recorded them ({@link ClientSummary}); none without a manifest (each label a cell).
     */
    public static List<SummaryColumns> beside(Optional<Manifest> manifest, Optional<MonitorFiles> monitor,
            List<CellResult> cells) throws IOException, AnalysisInputException {
        List<SummaryColumns> out = new ArrayList<>();
        monitor.map(MonitorSummary::of).ifPresent(out::add);
        int perUser = manifest.map(Manifest::connectionsPerUser).orElse(1);
        if (perUser > 1) {
            // Each user of a mix holds a connection per transaction: the cell's own, not other clients'.
            out.add(new SummaryColumns(List.of(Validity.CONNECTIONS_PER_USER), cell -> List.of(Integer.toString(perUser))));
        }
        if (manifest.isPresent()) {
            Map<String, List<Long>> starts = new HashMap<>();
            cells.forEach(c -> starts.put(c.name(), c.accumulator().runStarts()));
            ClientSummary.of(manifest.get(), cell -> starts.getOrDefault(cell, List.of())).ifPresent(out::add);
        }
        return out;
    }
}
