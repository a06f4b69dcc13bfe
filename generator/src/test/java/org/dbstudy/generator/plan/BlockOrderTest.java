package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.ManifestColumns;
import org.junit.jupiter.api.Test;

/**
 * Configuration blocks (targets, settings that need a restart) interleave in time: each replicate is a
 * round that runs every block once, a round opening with the block the one before closed with.
 */
class BlockOrderTest {
    private static final String POOL = """
            name: pool
            workload: {template: school}
            targets:
              - {name: mariadb, dialect: mariadb}
            factors:
              users: [4, 256]
              server.thread_handling: [one-thread-per-connection, pool-of-threads]
            """;

    private static List<String> blocksInOrder(Study study) {
        List<String> out = new ArrayList<>();
        for (Cell c : study.cells()) {
            String block = study.block(c);
            if (out.isEmpty() || !out.get(out.size() - 1).equals(block)) {
                out.add(block);
            }
        }
        return out;
    }

    @Test
    void replicatesInterleaveTheBlocksABBAAB() throws Exception {
        Study study = Studies.parse("s.yaml", POOL + "replicates: 3\n");
        String a = "thread_handling=one-thread-per-connection";
        String b = "thread_handling=pool-of-threads";
        assertEquals(List.of(a, b, a, b), blocksInOrder(study), "A | B B | A A | B");
        List<Integer> replicates = study.cells().stream().map(Cell::replicate).toList();
        assertEquals(List.of(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3), replicates, "one round per replicate");
        assertEquals("thread_handling=pool-of-threads", study.block(study.cells().get(2)));
        assertEquals("2 configurations in 4 blocks, 3 restart(s) between them", study.blockOrder().orElseThrow());
    }

    @Test
    void aSeededRandomOrderShufflesCellsAndStillInterleavesTheBlocks() throws Exception {
        Study study = Studies.parse("s.yaml", POOL + "replicates: 4\norder: random\nseed: 7\n");
        Study again = Studies.parse("s.yaml", POOL + "replicates: 4\norder: random\nseed: 7\n");
        assertEquals(study.cells(), again.cells(), "the same seed, the same order");
        List<String> blocks = blocksInOrder(study);
        assertTrue(blocks.size() >= 4, blocks.toString());
        for (int r = 1; r < study.cells().size(); r++) {
            assertTrue(study.cells().get(r).replicate() >= study.cells().get(r - 1).replicate(), "rounds in order");
        }
        // Restarts (blocks - 1) stay at one per round: every round opens with the block the last one closed with.
        assertEquals(1 + 4, blocks.size(), blocks.toString());
    }

    @Test
    void oneReplicateCannotInterleaveAndSaysSo() throws Exception {
        Study study = Studies.parse("s.yaml", POOL);
        assertEquals("2 configurations in 2 blocks, 1 restart(s) between them; not interleaved, each ran apart from the"
                + " others (one replicate): thread_handling=one-thread-per-connection, thread_handling=pool-of-threads:"
                + " a comparison with them is also one between stretches of time", study.blockOrder().orElseThrow());
        assertEquals(List.of(), ManifestColumns.blocksApart(List.of("A", "B", "B", "A")), "A B B A interleaves both");
        assertEquals(List.of("C"), ManifestColumns.blocksApart(List.of("A", "B", "A", "C")));
        String manifest = StudyFiles.manifest(study);
        assertTrue(manifest.lines().findFirst().orElseThrow().endsWith("," + ManifestColumns.BLOCK), manifest);
        assertTrue(manifest.contains(",thread_handling=pool-of-threads\n"), manifest);
    }

    @Test
    void aStudyOfOneBlockKeepsItsOrderAndHasNoBlockColumn() throws Exception {
        String crud = """
                name: crud
                workload: {template: crud}
                factors:
                  users: [1, 2, 3]
                replicates: 3
                order: random
                seed: 3
                """;
        Study study = Studies.parse("s.yaml", crud);
        assertTrue(study.blockOrder().isEmpty());
        assertTrue(!StudyFiles.manifest(study).contains(ManifestColumns.BLOCK));
        List<Integer> replicates = study.cells().stream().map(Cell::replicate).toList();
        assertTrue(!replicates.equals(List.of(1, 1, 1, 2, 2, 2, 3, 3, 3)), "the shuffle mixes replicates: " + replicates);
    }
}
