package org.dbstudy.analysis.cells;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.reading.CsvFiles;
import org.dbstudy.vocabulary.CsvTable;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * The configuration blocks of a run in time, from the manifest's {@value ManifestColumns#BLOCK} column
 * (rows in run order): a configuration that ran as one block while others ran too could not be
 * interleaved with them, so a comparison with it is also one between two stretches of the machine's time.
 */
public final class Blocks {
    private Blocks() {
    }

    /** The configurations that ran as one block each, said in one line; empty when all interleaved or no blocks. */
    public static Optional<String> notInterleaved(Path manifest) throws IOException, AnalysisInputException {
        CsvTable table = CsvFiles.read(manifest, ManifestColumns.CELL);
        if (!table.has(ManifestColumns.BLOCK)) {
            return Optional.empty();
        }
        List<String> order = new ArrayList<>();
        table.rows().forEach(r -> order.add(r.get(ManifestColumns.BLOCK)));
        return notInterleaved(order);
    }

    /** As {@link #notInterleaved(Path)}, over the rows' block values in run order. */
    public static Optional<String> notInterleaved(List<String> order) {
        List<String> apart = ManifestColumns.blocksApart(order);
        if (apart.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("configuration block(s) not interleaved in time, each ran apart from the others: "
                + String.join(", ", apart)
                + "; a comparison between configurations is then also one between stretches of the machine's time"
                + " (replicates interleave them: A B | B A | A B)");
    }
}
