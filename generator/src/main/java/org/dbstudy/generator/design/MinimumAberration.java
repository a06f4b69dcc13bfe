package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DesignException;
import org.dbstudy.vocabulary.FractionalDesign;

/**
 * Minimum-aberration generators of 2^(k−p) designs for 3 to 11 factors, the ones a study gets when
 * it asks for runs or a resolution without naming generators. Up to 128 runs they are the textbook
 * table's (Montgomery, Design and Analysis of Experiments, table "Selected 2^(k−p) fractional
 * factorial designs", after Box, Hunter and Hunter); a half fraction 2^(k−1) takes the product of all
 * other factors, and 2^(10−2), 2^(11−2) and 2^(11−3) were found by exhaustive search. A test checks
 * every entry against an exhaustive search for the minimum word-length pattern.
 */
final class MinimumAberration {
    static final int MAX_FACTORS = 11;

    /** "k,p" → generators, p of them. */
    private static final Map<String, String> TABLE = Map.ofEntries(
            Map.entry("3,1", "C=AB"),
            Map.entry("4,1", "D=ABC"),
            Map.entry("5,1", "E=ABCD"),
            Map.entry("5,2", "D=AB E=AC"),
            Map.entry("6,1", "F=ABCDE"),
            Map.entry("6,2", "E=ABC F=BCD"),
            Map.entry("6,3", "D=AB E=AC F=BC"),
            Map.entry("7,1", "G=ABCDEF"),
            Map.entry("7,2", "F=ABCD G=ABDE"),
            Map.entry("7,3", "E=ABC F=BCD G=ACD"),
            Map.entry("7,4", "D=AB E=AC F=BC G=ABC"),
            Map.entry("8,1", "H=ABCDEFG"),
            Map.entry("8,2", "G=ABCD H=ABEF"),
            Map.entry("8,3", "F=ABC G=ABD H=BCDE"),
            Map.entry("8,4", "E=BCD F=ACD G=ABC H=ABD"),
            Map.entry("9,1", "J=ABCDEFGH"),
            Map.entry("9,2", "H=ACDFG J=BCEFG"),
            Map.entry("9,3", "G=ABC H=ACDE J=ABDEF"),
            Map.entry("9,4", "F=BCDE G=ACDE H=ABDE J=ABCE"),
            Map.entry("9,5", "E=ABC F=BCD G=ACD H=ABD J=ABCD"),
            Map.entry("10,1", "K=ABCDEFGHJ"),
            Map.entry("10,2", "J=ABCDE K=ABCFGH"),
            Map.entry("10,3", "H=ABCG J=BCDE K=ACDF"),
            Map.entry("10,4", "G=BCDF H=ACDF J=ABDE K=ABCE"),
            Map.entry("10,5", "F=ABCD G=ABCE H=ABDE J=ACDE K=BCDE"),
            Map.entry("10,6", "E=ABC F=BCD G=ACD H=ABD J=ABCD K=AB"),
            Map.entry("11,1", "L=ABCDEFGHJK"),
            Map.entry("11,2", "K=ABCDEF L=ABCGHJ"),
            Map.entry("11,3", "J=ABCDE K=ABCFG L=ABDFH"),
            Map.entry("11,4", "H=ABCG J=BCDE K=ACDF L=ABCDEFG"),
            Map.entry("11,5", "G=CDE H=ABCD J=ABF K=BDEF L=ADEF"),
            Map.entry("11,6", "F=ABC G=BCD H=CDE J=ACD K=ADE L=BDE"),
            Map.entry("11,7", "E=ABC F=BCD G=ACD H=ABD J=ABCD K=AB L=AC"));

    private MinimumAberration() {
    }

    /** The table's design of k factors in 2^(k−p) runs, or null when it has none. */
    static FractionalDesign design(int k, int p) {
        String text = TABLE.get(k + "," + p);
        if (text == null) {
            return null;
        }
        try {
            List<FractionalDesign.Generator> generators = new ArrayList<>();
            for (String g : text.split(" ")) {
                generators.add(FractionalDesign.parseGenerator(g, k));
            }
            return FractionalDesign.of(k, generators);
        } catch (DesignException e) {
            throw new IllegalStateException("the minimum-aberration table's 2^(" + k + "-" + p + ") is broken: "
                    + e.getMessage(), e);
        }
    }

    /** The table's designs of k factors, fewest runs first. */
    static List<FractionalDesign> designs(int k) {
        List<FractionalDesign> out = new ArrayList<>();
        for (int p = k - 1; p >= 1; p--) {
            FractionalDesign d = design(k, p);
            if (d != null) {
                out.add(d);
            }
        }
        return out;
    }
}
