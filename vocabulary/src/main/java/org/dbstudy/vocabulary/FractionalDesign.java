package org.dbstudy.vocabulary;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A two-level fractional factorial design 2^(k−p): k factors named by letters A, B, C, … (I is left
 * out: it stands for the identity in a defining relation), p of them generated as signed products of
 * the others ({@code E=ABCD}, {@code D=-AB}). From the generators follow the defining relation
 * (the 2^p − 1 words equal to I), the resolution (its shortest word), the word-length pattern and
 * the alias chain of every effect (the effect times each word). A word is a bit mask: bit i is the
 * i-th factor. The generator writes cells from {@link #points()}; the analysis states the aliasing
 * of each estimated effect with {@link #aliases(int)}.
 */
public final class FractionalDesign {
    /** Factor letters in order; I is skipped as in the textbook tables. */
    public static final String LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    public static final int MAX_FACTORS = LETTERS.length();
    private static final Pattern GENERATOR = Pattern.compile("\\s*([A-Za-z])\\s*=\\s*(-?)\\s*([A-Za-z]*)\\s*");

    /** Factor {@code factor} is the product of the factors in {@code word}, negated if {@code negative}. */
    public record Generator(int factor, int word, boolean negative) {
        /** {@code E=ABCD} or {@code E=-ABCD}. */
        public String text() {
            return LETTERS.charAt(factor) + "=" + (negative ? "-" : "") + letters(word);
        }
    }

    /** A signed word: {@code ABCD}, {@code -ABD}, or {@code I} for the empty word. */
    public record Term(int mask, boolean negative) {
        public int length() {
            return Integer.bitCount(mask);
        }

        public String text() {
            return (negative ? "-" : "") + letters(mask);
        }
    }

    private static final Comparator<Term> BY_LENGTH_THEN_LETTERS = Comparator.comparingInt(Term::length)
            .thenComparing(t -> letters(t.mask()));

    private final int factors;
    private final List<Generator> generators;
    private final List<Term> definingRelation;

    private FractionalDesign(int factors, List<Generator> generators, List<Term> definingRelation) {
        this.factors = factors;
        this.generators = List.copyOf(generators);
        this.definingRelation = List.copyOf(definingRelation);
    }

    /**
     * A checked design: at least one generator, each defining a distinct factor as a product of two or
     * more factors that no generator defines, and no word of the defining relation shorter than three
     * letters (two main effects would be one column).
     */
    public static FractionalDesign of(int factors, List<Generator> generators) throws DesignException {
        if (factors < 3 || factors > MAX_FACTORS) {
            throw new DesignException(factors + " two-level factors", "3 to " + MAX_FACTORS);
        }
        if (generators.isEmpty()) {
            throw new DesignException("no generators (that is the full factorial)", "one generator or more, e.g. "
                    + letter(factors - 1) + "=" + letters((1 << (factors - 1)) - 1));
        }
        int generated = 0;
        for (Generator g : generators) {
            if (g.factor() < 0 || g.factor() >= factors || g.word() == 0 || g.word() >>> factors != 0) {
                throw new DesignException("'" + g + "' is out of range", "letters " + range(factors));
            }
            if ((generated & 1 << g.factor()) != 0) {
                throw new DesignException(letter(g.factor()) + " is generated twice", "each factor at most once");
            }
            generated |= 1 << g.factor();
        }
        int base = (1 << factors) - 1 & ~generated;
        for (Generator g : generators) {
            String text = g.text();
            if ((g.word() & 1 << g.factor()) != 0) {
                throw new DesignException("'" + text + "' uses " + letter(g.factor()) + " on both sides",
                        "a product of other factors");
            }
            if ((g.word() & ~base) != 0) {
                throw new DesignException("'" + text + "' uses " + letters(g.word() & ~base)
                        + ", which another generator defines", "a product of base factors only: " + letters(base));
            }
            if (Integer.bitCount(g.word()) < 2) {
                throw new DesignException("'" + text + "' makes " + letter(g.factor()) + " and " + letters(g.word())
                        + " the same column (resolution II)", "a product of two or more base factors ("
                        + letters(base) + ")");
            }
        }
        List<Term> words = new ArrayList<>();
        for (int subset = 1; subset < 1 << generators.size(); subset++) {
            int mask = 0;
            boolean negative = false;
            for (int i = 0; i < generators.size(); i++) {
                if ((subset & 1 << i) != 0) {
                    Generator g = generators.get(i);
                    mask ^= g.word() | 1 << g.factor();
                    negative ^= g.negative();
                }
            }
            words.add(new Term(mask, negative));
        }
        words.sort(BY_LENGTH_THEN_LETTERS);
        Term shortest = words.get(0);
        if (shortest.length() < 3) {
            throw new DesignException("the defining relation contains I=" + shortest.text() + ": main effects "
                    + String.join(" and ", letters(shortest.mask()).split("")) + " would be one column (resolution II)",
                    "generators whose defining relation has no word shorter than 3 letters");
        }
        return new FractionalDesign(factors, generators, words);
    }

    /** Reads {@code E=ABCD} or {@code E=-ABCD} (letters of any case) for a design of {@code factors} factors. */
    public static Generator parseGenerator(String text, int factors) throws DesignException {
        Matcher m = GENERATOR.matcher(text);
        String valid = "LETTER=LETTERS, e.g. " + letter(factors - 1) + "=" + letters((1 << Math.min(4,
                factors - 1)) - 1) + " (or with '-' after '=' for the other half), letters " + range(factors);
        if (!m.matches() || m.group(3).isEmpty()) {
            throw new DesignException("'" + text + "' is not a generator", valid);
        }
        int factor = letterIndex(m.group(1).toUpperCase(java.util.Locale.ROOT).charAt(0), factors, text, valid);
        int word = 0;
        for (char c : m.group(3).toUpperCase(java.util.Locale.ROOT).toCharArray()) {
            int i = letterIndex(c, factors, text, valid);
            if ((word & 1 << i) != 0) {
                throw new DesignException("'" + text + "' names " + c + " twice", valid);
            }
            word |= 1 << i;
        }
        return new Generator(factor, word, !m.group(2).isEmpty());
    }

    private static int letterIndex(char c, int factors, String text, String valid) throws DesignException {
        int i = LETTERS.indexOf(c);
        if (c == 'I') {
            throw new DesignException("'" + text + "' uses I, which stands for the identity, not a factor", valid);
        }
        if (i < 0 || i >= factors) {
            throw new DesignException("'" + text + "' uses " + c + ", but the design has " + factors
                    + " two-level factors", valid);
        }
        return i;
    }

    public int factors() {
        return factors;
    }

    /** p: the number of generated factors. */
    public int p() {
        return generators.size();
    }

    /** 2^(k−p). */
    public int runs() {
        return 1 << (factors - generators.size());
    }

    public List<Generator> generators() {
        return generators;
    }

    /** The mask of the factors no generator defines. */
    public int baseFactors() {
        int base = (1 << factors) - 1;
        for (Generator g : generators) {
            base &= ~(1 << g.factor());
        }
        return base;
    }

    /** The 2^p − 1 words equal to I, shortest first, then by letters. */
    public List<Term> definingRelation() {
        return definingRelation;
    }

    /** The length of the shortest word of the defining relation. */
    public int resolution() {
        return definingRelation.get(0).length();
    }

    /** How many words of the defining relation have each length 3, 4, …, k (A3, A4, …). */
    public int[] wordLengthPattern() {
        int[] out = new int[factors - 2];
        definingRelation.forEach(w -> out[w.length() - 3]++);
        return out;
    }

    /** The effects estimated together with {@code effect} (itself excluded), shortest first: effect × each word. */
    public List<Term> aliases(int effect) {
        List<Term> out = new ArrayList<>();
        for (Term w : definingRelation) {
            out.add(new Term(effect ^ w.mask(), w.negative()));
        }
        out.sort(BY_LENGTH_THEN_LETTERS);
        return out;
    }

    /**
     * The runs in design order, each the mask of the factors at their high level: the base factors'
     * full factorial with the last base factor varying fastest and low before high (as the full
     * factorial's cells), each generated factor high where its signed product is +.
     */
    public List<Integer> points() {
        List<Integer> baseList = new ArrayList<>();
        for (int i = 0; i < factors; i++) {
            if ((baseFactors() & 1 << i) != 0) {
                baseList.add(i);
            }
        }
        List<Integer> out = new ArrayList<>();
        int b = baseList.size();
        for (int r = 0; r < 1 << b; r++) {
            int high = 0;
            for (int j = 0; j < b; j++) {
                if ((r & 1 << (b - 1 - j)) != 0) {
                    high |= 1 << baseList.get(j);
                }
            }
            for (Generator g : generators) {
                boolean plus = Integer.bitCount(g.word() & ~high) % 2 == 0;
                if (plus != g.negative()) {
                    high |= 1 << g.factor();
                }
            }
            out.add(high);
        }
        return out;
    }

    /** +1 when the product of the effect's factors is high at this point, else −1. */
    public static int sign(int effect, int high) {
        return Integer.bitCount(effect & ~high) % 2 == 0 ? 1 : -1;
    }

    /** {@code 2^(5-1) E=ABCD}: the size and the generators, as the manifest and reports write it. */
    public String text() {
        StringBuilder sb = new StringBuilder("2^(").append(factors).append('-').append(p()).append(')');
        generators.forEach(g -> sb.append(' ').append(g.text()));
        return sb.toString();
    }

    /** The letters of a mask, {@code I} for none. */
    public static String letters(int mask) {
        if (mask == 0) {
            return "I";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < MAX_FACTORS; i++) {
            if ((mask & 1 << i) != 0) {
                sb.append(LETTERS.charAt(i));
            }
        }
        return sb.toString();
    }

    public static char letter(int factor) {
        return LETTERS.charAt(factor);
    }

    /** {@code A to E}. */
    public static String range(int factors) {
        return factors < 1 ? "none" : LETTERS.charAt(0) + " to " + LETTERS.charAt(Math.min(factors, MAX_FACTORS) - 1);
    }

    /** III, IV, V, …: how resolutions are written. */
    public static String roman(int n) {
        String[] tens = {"", "X", "XX"};
        String[] ones = {"", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"};
        return n <= 0 || n >= 30 ? Integer.toString(n) : tens[n / 10] + ones[n % 10];
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FractionalDesign d && d.factors == factors && d.generators.equals(generators);
    }

    @Override
    public int hashCode() {
        return factors * 31 + generators.hashCode();
    }

    @Override
    public String toString() {
        return text();
    }
}
