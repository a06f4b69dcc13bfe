package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.Test;

/**
 * Each built-in study with a paper has a quick design ({@code <study>.quick.yaml}) that only narrows it and
 * keeps what each of its testable claims needs, read from the claim itself: the levels its where, a and b
 * name, a pair of cells a against b that differ only there, three levels of a trend's factor (or all the
 * study has), a threshold's last level and, where it bounds the levels past it, one of those.
 */
class QuickDesignTest {
    /** A trend over two levels of three runs cannot reach p &lt; 0.05 with the exact test (issue 41). */
    private static final int TREND_LEVELS = 3;

    @Test
    void everyBuiltInStudyWithAPaperHasAQuickDesign() throws StudyFileException {
        List<String> withPaper = new ArrayList<>();
        for (String name : Studies.BUILT_IN) {
            if (Studies.load(name).claims().stream().anyMatch(c -> c.origin() == Claim.Origin.PAPER)) {
                withPaper.add(name);
            }
        }
        assertEquals(7, withPaper.size(), "the seven built-in studies with a paper: " + withPaper);
        assertEquals(withPaper, QuickDesign.studies());
    }

    @Test
    void quickDesignsKeepWhatTheirClaimsNeed() throws StudyFileException {
        List<String> problems = new ArrayList<>();
        for (String name : QuickDesign.studies()) {
            Study full = Studies.load(name);
            QuickDesign quick = QuickDesign.of(name).orElseThrow();
            problems.addAll(narrowingProblems(full, quick));
            Study reduced = quick.applyTo(full);
            for (Claim claim : full.claims()) {
                if (claim.testable()) {
                    // The full design meets its own claims' needs: otherwise the check, not the quick design, is wrong.
                    assertTrue(needsProblem(claim, full, full) == null, name + " " + claim.id() + ": " + needsProblem(claim, full, full));
                    String problem = needsProblem(claim, full, reduced);
                    if (problem != null) {
                        problems.add(name + " " + claim.id() + ": " + problem);
                    }
                }
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void aQuickDesignThatDropsFourWarehousesIsRefused() throws StudyFileException {
        // reproduce's quick isolation-levels design before issue 41: 2 warehouses only, 3 client counts.
        QuickDesign old = QuickDesign.parse("test", "isolation-levels",
                "levels: {clients: [2, 8, 16], warehouses: [2]}\nduration: 20\nrest: 0\n");
        Study full = Studies.load("isolation-levels");
        Study reduced = old.applyTo(full);
        Set<String> failing = new LinkedHashSet<>();
        for (Claim claim : full.claims()) {
            if (claim.testable() && needsProblem(claim, full, reduced) != null) {
                failing.add(claim.id());
            }
        }
        assertEquals(Set.of("F1.2", "F1.3"), failing);
    }

    @Test
    void aQuickDesignThatAddsALevelOrReordersIsRefused() throws StudyFileException {
        Study full = Studies.load("crud-stress");
        assertEquals(List.of("crud-stress: users=[150, 100] is not the study's levels [25, 50, 75, 100, 125, 150, 175, 200] narrowed in their order"),
                narrowingProblems(full, QuickDesign.parse("test", "crud-stress", "levels: {users: [150, 100]}\nduration: 20\nrest: 0\n")));
        assertFalse(narrowingProblems(full, QuickDesign.parse("test", "crud-stress", "levels: {users: [50, 300]}\nduration: 20\nrest: 0\n")).isEmpty());
    }

    @Test
    void aQuickDesignNamesItsLevelsAsRunsSetTakesThem() {
        QuickDesign quick = QuickDesign.of("isolation-levels").orElseThrow();
        assertEquals(List.of("clients=2,8,16", "warehouses=2,4", "replicates=2"), quick.sets());
        assertEquals(20, quick.duration());
        assertEquals(0, quick.rest());
    }

    @Test
    void aBrokenQuickFileNamesItsLine() {
        StudyFileException e = org.junit.jupiter.api.Assertions.assertThrows(StudyFileException.class,
                () -> QuickDesign.parse("x.quick.yaml", "crud-stress", "levels: {users: [50]}\nduration: soon\nrest: 0\n"));
        assertTrue(e.getMessage().contains("x.quick.yaml") && e.getMessage().contains("2") && e.getMessage().contains("duration"), e.getMessage());
    }

    /** A quick design narrows: each factor's levels a subsequence of the study's, the workload's parameters unchanged. */
    private static List<String> narrowingProblems(Study full, QuickDesign quick) {
        List<String> problems = new ArrayList<>();
        Map<String, List<String>> declared = full.factorLevels();
        quick.levels().forEach((factor, kept) -> {
            List<String> all = declared.get(factor);
            if (all == null || !subsequence(kept, all)) {
                problems.add(full.name() + ": " + factor + "=" + kept + " is not the study's levels " + all + " narrowed in their order");
            }
        });
        if (quick.duration() <= full.warmUpSeconds() + full.rampUpSeconds()) {
            problems.add(full.name() + ": " + quick.duration() + " s cells end within warm-up and ramp-up");
        }
        return problems;
    }

    private static boolean subsequence(List<String> kept, List<String> all) {
        int at = 0;
        for (String level : kept) {
            while (at < all.size() && !all.get(at).equals(level)) {
                at++;
            }
            if (at == all.size()) {
                return false;
            }
            at++;
        }
        return true;
    }

    /** What {@code claim} needs that {@code study}'s cells lack, or null. */
    private static String needsProblem(Claim claim, Study full, Study study) {
        List<Cell> cells = study.cells();
        List<Cell> where = matching(cells, claim.where());
        if (where.isEmpty()) {
            return "no cell with " + claim.where();
        }
        if (!claim.a().isEmpty() || !claim.b().isEmpty()) {
            if (!hasPair(where, claim.a(), claim.b())) {
                return "no cells " + claim.a() + " and " + claim.b() + " alike in their other factors" + (claim.where().isEmpty() ? "" : " within " + claim.where());
            }
        }
        if (!claim.factor().isEmpty()) {
            List<String> declared = full.factorLevels().get(claim.factor());
            List<String> levels = levels(where, claim.factor());
            if (claim.kind() == Claim.Kind.THRESHOLD) {
                if (!levels.contains(claim.upTo())) {
                    return claim.factor() + " lacks the threshold's last level " + claim.upTo();
                }
                int last = declared.indexOf(claim.upTo());
                if (!Double.isNaN(claim.low()) && levels.stream().noneMatch(l -> declared.indexOf(l) > last)) {
                    return claim.factor() + " has no level past " + claim.upTo() + ", where the claim bounds it from below";
                }
            } else {
                int needed = Math.min(TREND_LEVELS, levels(matching(full.cells(), claim.where()), claim.factor()).size());
                if (levels.size() < needed) {
                    return claim.factor() + " has " + levels + " where the claim needs " + needed + " levels";
                }
            }
        }
        return null;
    }

    private static boolean hasPair(List<Cell> cells, Map<String, String> a, Map<String, String> b) {
        Set<String> compared = new LinkedHashSet<>(a.keySet());
        compared.addAll(b.keySet());
        for (Cell left : matching(cells, a)) {
            for (Cell right : matching(cells, b)) {
                boolean alike = left.factors().keySet().stream()
                        .filter(f -> !compared.contains(f))
                        .allMatch(f -> left.factors().get(f).equals(right.factors().get(f)));
                if (alike) {
                    return true;
                }
            }
        }
        return false;
    }

    private static List<Cell> matching(List<Cell> cells, Map<String, String> levels) {
        return cells.stream().filter(c -> levels.entrySet().stream().allMatch(e -> e.getValue().equals(c.factors().get(e.getKey())))).toList();
    }

    private static List<String> levels(List<Cell> cells, String factor) {
        return cells.stream().map(c -> c.factors().get(factor)).distinct().toList();
    }
}
