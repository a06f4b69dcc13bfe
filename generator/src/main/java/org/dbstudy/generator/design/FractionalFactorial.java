package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.vocabulary.DesignColumn;
import org.dbstudy.vocabulary.DesignException;
import org.dbstudy.vocabulary.FractionalDesign;

/**
 * A two-level fractional factorial 2^(k−p) over the study's factors with two levels (letters A, B,
 * C, … in factor order, I skipped; the first declared level is −, the second +); factors with one level
 * stay fixed. The generators are given, or taken from {@link MinimumAberration} for the runs and
 * resolution asked for. Cells follow {@link FractionalDesign#points()}.
 *
 * @param generators as written, each with its line; empty when the table chooses
 * @param runs       2^(k−p) as asked for, 0 when not given
 * @param resolution the least resolution asked for, 0 when not given
 * @param lines      where {@code design}, {@code design.runs} and {@code design.resolution} are (0 when absent)
 * @param chosen     the design after expansion, else null
 */
public record FractionalFactorial(List<Given> generators, int runs, int resolution, Lines lines, FractionalDesign chosen)
        implements CellDesign {
    public record Given(String text, int line) {
    }

    public record Lines(int design, int generators, int runs, int resolution) {
    }

    public FractionalFactorial {
        generators = List.copyOf(generators);
    }

    @Override
    public String type() {
        return DesignColumn.FRACTIONAL_FACTORIAL;
    }

    @Override
    public Expansion expand(Design d) throws StudyFileException {
        List<Design.Factor> twoLevel = new ArrayList<>();
        for (Design.Factor f : d.factors()) {
            if (f.levels().size() > 2) {
                throw new StudyFileException(d.source(), f.line(), "factors." + f.name(), f.levels().size()
                        + " levels in a fractional-factorial design", "two levels per factor (a low and a high, in that"
                        + " order; one level holds it fixed), or design type full-factorial or one-factor-at-a-time");
            }
            if (f.levels().size() == 2) {
                twoLevel.add(f);
            }
        }
        int k = twoLevel.size();
        if (k < 3 || k > FractionalDesign.MAX_FACTORS) {
            throw new StudyFileException(d.source(), lines.design(), "design.type", k + " factor(s) with two levels"
                    + (k == 0 ? "" : " (" + legend(twoLevel) + ")"), "a fractional-factorial design of 3 to "
                    + FractionalDesign.MAX_FACTORS + " two-level factors, or design type full-factorial");
        }
        FractionalDesign design = generators.isEmpty() ? fromTable(d, twoLevel) : fromGenerators(d, twoLevel);
        List<Combination> out = new ArrayList<>();
        for (int high : design.points()) {
            Map<String, String> levels = new LinkedHashMap<>();
            for (Design.Factor f : d.factors()) {
                int letter = twoLevel.indexOf(f);
                levels.put(f.name(), f.levels().get(letter >= 0 && (high & 1 << letter) != 0 ? 1 : 0));
            }
            out.add(new Combination(levels, DesignColumn.fractional(design, high)));
        }
        List<Given> explicit = design.generators().stream().map(g -> new Given(g.text(), 0)).toList();
        return new Expansion(out, new FractionalFactorial(explicit, 0, 0, new Lines(0, 0, 0, 0), design));
    }

    private FractionalDesign fromGenerators(Design d, List<Design.Factor> twoLevel) throws StudyFileException {
        int k = twoLevel.size();
        List<FractionalDesign.Generator> parsed = new ArrayList<>();
        for (int i = 0; i < generators.size(); i++) {
            Given g = generators.get(i);
            try {
                parsed.add(FractionalDesign.parseGenerator(g.text(), k));
            } catch (DesignException e) {
                throw new StudyFileException(d.source(), g.line(), "design.generators[" + i + "]", e.problem(),
                        e.valid() + " (" + legend(twoLevel) + ")");
            }
        }
        FractionalDesign design;
        try {
            design = FractionalDesign.of(k, parsed);
        } catch (DesignException e) {
            throw new StudyFileException(d.source(), lines.generators(), "design.generators", e.problem(),
                    e.valid() + " (" + legend(twoLevel) + ")");
        }
        if (runs != 0 && runs != design.runs()) {
            throw new StudyFileException(d.source(), lines.runs(), "design.runs", runs + " runs, but " + design.p()
                    + " generator(s) for " + k + " factors give 2^(" + k + "-" + design.p() + ") = " + design.runs(),
                    design.runs() + ", or leave runs out");
        }
        if (resolution > design.resolution()) {
            throw new StudyFileException(d.source(), lines.resolution(), "design.resolution", "the generators give "
                    + "resolution " + FractionalDesign.roman(design.resolution()) + ", less than the "
                    + FractionalDesign.roman(resolution) + " asked for", upTo(design.resolution())
                    + " with these generators" + bestFor(k, resolution));
        }
        return design;
    }

    private FractionalDesign fromTable(Design d, List<Design.Factor> twoLevel) throws StudyFileException {
        int k = twoLevel.size();
        List<FractionalDesign> table = MinimumAberration.designs(k);
        if (table.isEmpty()) {
            throw new StudyFileException(d.source(), lines.design(), "design.generators", "dbstudy has no table of"
                    + " generators for " + k + " factors", "generators for these factors (" + legend(twoLevel)
                    + "), or at most " + MinimumAberration.MAX_FACTORS + " two-level factors");
        }
        if (runs == 0 && resolution == 0) {
            throw new StudyFileException(d.source(), lines.design(), "design", "a fractional-factorial design needs"
                    + " runs, resolution or generators", "e.g. resolution: " + table.get(table.size() - 1)
                    .resolution() + ", runs: " + table.get(0).runs() + " or generators: ["
                    + table.get(table.size() - 1).generators().get(0).text() + "]; choices for " + k + " factors: "
                    + choices(table));
        }
        if (runs != 0) {
            FractionalDesign match = table.stream().filter(t -> t.runs() == runs).findFirst().orElse(null);
            if (match == null) {
                throw new StudyFileException(d.source(), lines.runs(), "design.runs", runs + " runs is not a fraction"
                        + " of the " + (1 << k) + " cells of " + k + " two-level factors that keeps main effects apart",
                        choices(table));
            }
            if (resolution > match.resolution()) {
                throw new StudyFileException(d.source(), lines.resolution(), "design.resolution", "resolution "
                        + FractionalDesign.roman(resolution) + " is not reachable with " + k + " factors in " + runs
                        + " runs: 2^(" + k + "-" + match.p() + ") reaches " + FractionalDesign.roman(match.resolution()),
                        upTo(match.resolution()) + " in " + runs + " runs" + bestFor(k, resolution));
            }
            return match;
        }
        for (FractionalDesign t : table) {
            if (t.resolution() >= resolution) {
                return t;
            }
        }
        FractionalDesign half = table.get(table.size() - 1);
        throw new StudyFileException(d.source(), lines.resolution(), "design.resolution", "resolution "
                + FractionalDesign.roman(resolution) + " is not reachable with " + k + " factors: the half fraction 2^("
                + k + "-1) reaches " + FractionalDesign.roman(half.resolution()), upTo(half.resolution())
                + " for " + k + " factors, or design type full-factorial");
    }

    /** "resolution III" or "resolution 3 to 5". */
    private static String upTo(int max) {
        return max == 3 ? "resolution III" : "resolution 3 to " + max;
    }

    /** ", or N runs for resolution R": the fewest runs that reach the resolution, if any do. */
    private static String bestFor(int k, int resolution) {
        for (FractionalDesign t : MinimumAberration.designs(k)) {
            if (t.resolution() >= resolution) {
                return ", or " + t.runs() + " runs for resolution " + FractionalDesign.roman(resolution);
            }
        }
        return "";
    }

    /** "8 runs (resolution III), 16 runs (resolution V)". */
    private static String choices(List<FractionalDesign> table) {
        return String.join(", ", table.stream().map(t -> t.runs() + " runs (resolution "
                + FractionalDesign.roman(t.resolution()) + ")").toList());
    }

    /** "A=users, B=rows, …": which letter names which factor. */
    private static String legend(List<Design.Factor> twoLevel) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < twoLevel.size() && i < FractionalDesign.MAX_FACTORS; i++) {
            parts.add(FractionalDesign.letter(i) + "=" + twoLevel.get(i).name());
        }
        return String.join(", ", parts);
    }
}
