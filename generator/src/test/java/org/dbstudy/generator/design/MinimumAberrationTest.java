package org.dbstudy.generator.design;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.dbstudy.vocabulary.FractionalDesign;
import org.junit.jupiter.api.Test;

/**
 * Every design of the table has the least aberration there is: an exhaustive search over all sets of p
 * generators (each a product of two or more base factors) finds no word-length pattern (A3, A4, …)
 * that is smaller, compared from A3 on.
 */
class MinimumAberrationTest {

    @Test
    void everyTableDesignHasTheMinimumWordLengthPatternOfAllDesignsOfItsSize() {
        for (int k = 3; k <= MinimumAberration.MAX_FACTORS; k++) {
            for (int p = 1; p < k; p++) {
                FractionalDesign d = MinimumAberration.design(k, p);
                int base = k - p;
                if (k > (1 << base) - 1) {
                    assertEquals(null, d, "2^(" + k + "-" + p + ") cannot keep main effects apart");
                    continue;
                }
                assertNotNull(d, "2^(" + k + "-" + p + ")");
                assertEquals(k, d.factors());
                assertEquals(p, d.p());
                assertArrayEquals(minimumPattern(k, p), d.wordLengthPattern(), d.text());
            }
        }
    }

    @Test
    void theTableHasTheTextbookResolutions() {
        Map<String, Integer> resolutions = new LinkedHashMap<>();
        for (int k = 3; k <= 8; k++) {
            for (FractionalDesign d : MinimumAberration.designs(k)) {
                resolutions.put(d.text(), d.resolution());
            }
        }
        // Montgomery's table of selected 2^(k-p) designs, 3 to 8 factors.
        assertEquals(Map.ofEntries(Map.entry("2^(3-1) C=AB", 3), Map.entry("2^(4-1) D=ABC", 4),
                Map.entry("2^(5-2) D=AB E=AC", 3), Map.entry("2^(5-1) E=ABCD", 5),
                Map.entry("2^(6-3) D=AB E=AC F=BC", 3), Map.entry("2^(6-2) E=ABC F=BCD", 4),
                Map.entry("2^(6-1) F=ABCDE", 6), Map.entry("2^(7-4) D=AB E=AC F=BC G=ABC", 3),
                Map.entry("2^(7-3) E=ABC F=BCD G=ACD", 4), Map.entry("2^(7-2) F=ABCD G=ABDE", 4),
                Map.entry("2^(7-1) G=ABCDEF", 7), Map.entry("2^(8-4) E=BCD F=ACD G=ABC H=ABD", 4),
                Map.entry("2^(8-3) F=ABC G=ABD H=BCDE", 4), Map.entry("2^(8-2) G=ABCD H=ABEF", 5),
                Map.entry("2^(8-1) H=ABCDEFG", 8)), resolutions);
    }

    /** The least word-length pattern over every choice of p distinct interaction columns of the k − p base factors. */
    private static int[] minimumPattern(int k, int p) {
        int base = k - p;
        int[] candidates = java.util.stream.IntStream.range(1, 1 << base).filter(m -> Integer.bitCount(m) >= 2)
                .toArray();
        int[] best = null;
        int[] chosen = new int[p];
        int[] index = new int[p];
        for (int i = 0; i < p; i++) {
            index[i] = i;
        }
        int[] pattern = new int[k - 2];
        while (true) {
            for (int i = 0; i < p; i++) {
                chosen[i] = candidates[index[i]] | 1 << (base + i);
            }
            Arrays.fill(pattern, 0);
            boolean degenerate = false;
            for (int subset = 1; subset < 1 << p && !degenerate; subset++) {
                int word = 0;
                for (int i = 0; i < p; i++) {
                    if ((subset & 1 << i) != 0) {
                        word ^= chosen[i];
                    }
                }
                int length = Integer.bitCount(word);
                degenerate = length < 3;
                if (!degenerate) {
                    pattern[length - 3]++;
                }
            }
            if (!degenerate && (best == null || Arrays.compare(pattern, best) < 0)) {
                best = pattern.clone();
            }
            int i = p - 1;
            while (i >= 0 && index[i] == candidates.length - p + i) {
                i--;
            }
            if (i < 0) {
                return best;
            }
            index[i]++;
            for (int j = i + 1; j < p; j++) {
                index[j] = index[j - 1] + 1;
            }
        }
    }
}
