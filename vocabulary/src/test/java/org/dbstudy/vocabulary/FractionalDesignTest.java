package org.dbstudy.vocabulary;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Defining relations, resolutions and alias chains against the textbook's, and generators that cannot work. */
class FractionalDesignTest {

    private static FractionalDesign design(int k, String... generators) throws DesignException {
        List<FractionalDesign.Generator> parsed = new ArrayList<>();
        for (String g : generators) {
            parsed.add(FractionalDesign.parseGenerator(g, k));
        }
        return FractionalDesign.of(k, parsed);
    }

    private static List<String> texts(List<FractionalDesign.Term> terms) {
        return terms.stream().map(FractionalDesign.Term::text).toList();
    }

    private static int mask(String letters) {
        int m = 0;
        for (char c : letters.toCharArray()) {
            m |= 1 << FractionalDesign.LETTERS.indexOf(c);
        }
        return m;
    }

    @Test
    void halfFractionOfFiveFactorsIsResolutionFiveWithEachMainEffectAliasedWithAFourFactorInteraction()
            throws Exception {
        FractionalDesign d = design(5, "E=ABCD");
        assertEquals("2^(5-1) E=ABCD", d.text());
        assertEquals(16, d.runs());
        assertEquals(List.of("ABCDE"), texts(d.definingRelation()));
        assertEquals(5, d.resolution());
        assertEquals("V", FractionalDesign.roman(d.resolution()));
        assertArrayEquals(new int[] {0, 0, 1}, d.wordLengthPattern());
        assertEquals(List.of("BCDE"), texts(d.aliases(mask("A"))));
        assertEquals(List.of("ABCD"), texts(d.aliases(mask("E"))));
        assertEquals(List.of("CDE"), texts(d.aliases(mask("AB"))));
        assertEquals(List.of("ABC"), texts(d.aliases(mask("DE"))));
    }

    @Test
    void saturatedSevenFactorsInEightRunsAliasEachMainEffectWithThreeTwoFactorInteractions() throws Exception {
        FractionalDesign d = design(7, "D=AB", "E=AC", "F=BC", "G=ABC");
        assertEquals(8, d.runs());
        // I = ABD = ACE = BCF = ABCG and all their products, by hand (Montgomery, 2^(7-4) III).
        assertEquals(List.of("ABD", "ACE", "AFG", "BCF", "BEG", "CDG", "DEF", "ABCG", "ABEF", "ACDF", "ADEG", "BCDE",
                "BDFG", "CEFG", "ABCDEFG"), texts(d.definingRelation()));
        assertEquals(3, d.resolution());
        assertArrayEquals(new int[] {7, 7, 0, 0, 1}, d.wordLengthPattern());
        // A = BD = CE = FG, then the longer ones.
        assertEquals(List.of("BD", "CE", "FG", "BCG", "BEF", "CDF", "DEG", "ABCF", "ABEG", "ACDG", "ADEF", "ABCDE",
                "ABDFG", "ACEFG", "BCDEFG"), texts(d.aliases(mask("A"))));
        assertEquals(List.of("AD", "CF", "EG"), texts(d.aliases(mask("B"))).subList(0, 3));
        assertEquals(List.of("AE", "BF", "DG"), texts(d.aliases(mask("C"))).subList(0, 3));
        // AE is estimated together with the main effect C: it gets no row of its own in a report.
        assertEquals(List.of("C", "BF", "DG"), texts(d.aliases(mask("AE"))).subList(0, 3));
    }

    @Test
    void aNegativeGeneratorGivesTheOtherHalfAndSignedAliases() throws Exception {
        FractionalDesign d = design(4, "D=-ABC");
        assertEquals(List.of("-ABCD"), texts(d.definingRelation()));
        assertEquals(List.of("-BCD"), texts(d.aliases(mask("A"))));
        // The first run has A, B and C low, so ABC = -: D = -ABC is high there, D = ABC low.
        assertEquals(mask("D"), d.points().get(0));
        assertEquals(0, design(4, "D=ABC").points().get(0));
    }

    @Test
    void pointsRunTheBaseFactorsFullFactorialLastFastestWithGeneratedColumnsAsProducts() throws Exception {
        FractionalDesign d = design(7, "D=AB", "E=AC", "F=BC", "G=ABC");
        List<Integer> points = d.points();
        assertEquals(8, points.size());
        assertEquals(mask("DEF"), points.get(0)); // A- B- C-: D=AB +, E=AC +, F=BC +, G=ABC -
        assertEquals(mask("CDG"), points.get(1)); // C+: D=AB +, E=AC -, F=BC -, G=ABC +
        for (int high : points) {
            assertEquals(FractionalDesign.sign(mask("AB"), high), FractionalDesign.sign(mask("D"), high));
            assertEquals(FractionalDesign.sign(mask("ABC"), high), FractionalDesign.sign(mask("G"), high));
        }
        // Every two columns are balanced: each sign pair appears in a quarter of the runs.
        for (int i = 0; i < 7; i++) {
            for (int j = i + 1; j < 7; j++) {
                int[] counts = new int[4];
                for (int high : points) {
                    counts[(high >> i & 1) * 2 + (high >> j & 1)]++;
                }
                assertArrayEquals(new int[] {2, 2, 2, 2}, counts, "columns " + i + " and " + j);
            }
        }
    }

    @Test
    void generatorsThatCannotWorkSayWhy() {
        assertTrue(problem(5, "E=ABCF").contains("uses F, but the design has 5 two-level factors"));
        assertTrue(problem(5, "E=ABIC").contains("uses I, which stands for the identity"));
        assertTrue(problem(5, "E=AAB").contains("names A twice"));
        assertTrue(problem(5, "E ABCD").contains("is not a generator"));
        assertTrue(problem(5, "E=A").contains("makes E and A the same column (resolution II)"));
        assertTrue(problem(5, "E=ABCE").contains("uses E on both sides"));
        assertTrue(problem(5, "D=ABC", "E=ABC").contains("the defining relation contains I=DE: main effects D and E"
                + " would be one column (resolution II)"));
        assertTrue(problem(6, "D=AB", "E=ABD").contains("uses D, which another generator defines"));
        assertTrue(problem(5, "E=ABC", "E=ABD").contains("E is generated twice"));
        DesignException e = assertThrows(DesignException.class, () -> FractionalDesign.of(5, List.of()));
        assertTrue(e.problem().contains("no generators"), e.getMessage());
    }

    private static String problem(int k, String... generators) {
        return assertThrows(DesignException.class, () -> design(k, generators)).getMessage();
    }

    @Test
    void theManifestColumnRoundTrips() throws Exception {
        FractionalDesign d = design(5, "E=ABCD");
        String text = DesignColumn.fractional(d, mask("AE"));
        assertEquals("fractional-factorial 2^(5-1) E=ABCD: A+ B- C- D- E+", text);
        DesignColumn.Fractional back = assertInstanceOf(DesignColumn.Fractional.class, DesignColumn.parse(text));
        assertEquals(d, back.design());
        assertEquals(mask("AE"), back.high());
        assertInstanceOf(DesignColumn.Baseline.class, DesignColumn.parse(DesignColumn.baseline()));
        assertEquals(new DesignColumn.Varied("session.work_mem"),
                DesignColumn.parse(DesignColumn.varied("session.work_mem")));
        assertEquals(new DesignColumn.Combined("tuned"), DesignColumn.parse(DesignColumn.combined("tuned")));
        assertNull(DesignColumn.parse(""));
        assertNull(DesignColumn.parse(DesignColumn.FULL_FACTORIAL));
        DesignException bad = assertThrows(DesignException.class,
                () -> DesignColumn.parse("fractional-factorial 2^(5-2) E=ABCD: A+ B- C- D- E+"));
        assertTrue(bad.problem().contains("does not say 2^(5-1)"), bad.getMessage());
        assertThrows(DesignException.class, () -> DesignColumn.parse("one factor at a time"));
    }
}
