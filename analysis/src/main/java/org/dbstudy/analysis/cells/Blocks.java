package org.dbstudy.analysis.cells;

import java.util.List;
import java.util.Optional;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * The configuration blocks of a run in time, from the manifest's {@value ManifestColumns#BLOCK} column
 * (rows in run order): a configuration that ran as one block while others ran too could not be
 * interleaved with them, so a comparison with it is also one between two stretches of the machine's time.
 */
public final class Blocks {
    private Blocks() {
    }

    /**
     * The configurations that ran as one block each, said in one line, over the rows' block values in run order
     * ({@link Manifest#blocks}); empty when all interleaved or no blocks.
     */
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
