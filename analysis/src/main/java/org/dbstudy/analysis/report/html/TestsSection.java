package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.statistics.FactorTests;
import org.dbstudy.analysis.statistics.GroupErrors;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.analysis.statistics.TestResult;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;

/**
 * Does response time differ across a factor's levels? One row per Kruskal-Wallis test (a setting of
 * the other factors, and a label when cells mix several), with its effect size and Holm-adjusted
 * p-value, a count per factor above it. p-values are printed with the digits it takes to tell them
 * from 0.05 ({@link Fmt#p(double, double)}); "differs" compares the unrounded adjusted value.
 */
final class TestsSection implements ReportSection {
    @Override
    public String id() {
        return "tests";
    }

    @Override
    public String title() {
        return "Tests";
    }

    @Override
    public boolean applies(ReportPage page) {
        return page.result().tests().stream().anyMatch(t -> t.test().equals("kruskal-wallis"));
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        GroupErrors errors = new GroupErrors(r.factors(), r.cells());
        List<TestResult> omnibus = r.tests().stream().filter(t -> t.test().equals("kruskal-wallis")).toList();
        boolean perLabel = omnibus.stream().anyMatch(t -> !t.label().isEmpty());
        h.h2(id(), "Does response time differ? (Kruskal-Wallis)");
        h.p("Response times of " + r.options().samples().description() + "; each test compares one factor's levels with the"
                + " other factors held at one setting" + (perLabel ? ", one label (transaction type or query) at a time:"
                + " the cells mix labels in shares that differ, so a test over the mix would partly measure the mix" : "")
                + ". Holm's adjustment over the tests of each factor; ε² is the effect size (the share of rank variance"
                + " the levels explain: about 0.01 small, 0.08 medium, 0.26 large).");
        Map<String, Map<String, int[]>> byFactor = new LinkedHashMap<>();
        for (TestResult t : omnibus) {
            int[] c = byFactor.computeIfAbsent(t.factor(), k -> new LinkedHashMap<>()).computeIfAbsent(t.label(), k -> new int[2]);
            c[0] += t.significant() ? 1 : 0;
            c[1]++;
        }
        List<String> overview = new ArrayList<>();
        byFactor.forEach((f, labels) -> {
            int differ = labels.values().stream().mapToInt(c -> c[0]).sum();
            int all = labels.values().stream().mapToInt(c -> c[1]).sum();
            List<String> parts = new ArrayList<>();
            labels.forEach((l, c) -> parts.add(l + " " + c[0] + "/" + c[1]));
            overview.add(f + ": differs in " + differ + " of " + all + (all == 1 ? " test" : " tests")
                    + (perLabel ? " (per label: " + String.join(", ", parts) + ")" : " (one per setting of the other factors)"));
        });
        h.list(overview);
        List<String> header = new ArrayList<>(List.of("factor"));
        if (perLabel) {
            header.add("label");
        }
        header.addAll(List.of("other factors", "levels", "error % by level", "n", "H", "ε²", "p", "p (Holm)", "differs"));
        List<List<String>> rows = new ArrayList<>();
        List<String> classes = new ArrayList<>();
        for (TestResult t : omnibus) {
            List<String> row = new ArrayList<>(List.of(t.factor().equals(FactorTests.LABEL) ? "label" : t.factor()));
            if (perLabel) {
                row.add(t.label());
            }
            List<Double> pct = errors.of(t);
            row.addAll(List.of(t.fixed(), String.join(", ", t.groups()),
                    pct.stream().allMatch(e -> e == 0) ? "0" : String.join(", ", pct.stream().map(e -> Fmt.num(e, 1)).toList()),
                    Fmt.num(t.n()), Fmt.num(t.statistic(), 2), Fmt.num(t.effectSize(), 3),
                    Fmt.p(t.pValue(), TestResult.ALPHA), Fmt.p(t.pAdjusted(), TestResult.ALPHA),
                    t.significant() ? "yes" : "no"));
            rows.add(row);
            classes.add(t.significant() ? "yes" : "");
            if (rows.size() >= HtmlReport.MAX_ROWS) {
                break;
            }
        }
        h.table(header, rows, classes);
        if (omnibus.size() > rows.size()) {
            h.note("… and " + (omnibus.size() - rows.size()) + " more tests in tests.csv.");
        }
        long pairs = r.tests().stream().filter(t -> t.test().equals("mann-whitney")).count();
        long pairsDiffer = r.tests().stream().filter(t -> t.test().equals("mann-whitney") && t.significant()).count();
        h.note(pairsDiffer + " of " + pairs + " pairwise Mann-Whitney tests differ at 0.05 after Holm's adjustment within"
                + " their family; tests.csv lists them with Dunn's tests and Cliff's delta. Rank tests take every sample as"
                + " independent; samples of one run are autocorrelated and runs differ, so their p-values are too small for"
                + " a claim about the servers: judge a difference by the intervals between runs (The answer, Cells).");
    }
}
