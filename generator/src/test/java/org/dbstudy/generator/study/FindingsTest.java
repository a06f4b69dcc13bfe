package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.files.CsvTable;
import org.junit.jupiter.api.Test;

/**
 * Every published finding ({@code studies/findings.csv}: the ids of PUBLISHED-RESULTS.md, F0.1 … F4.9, and their
 * paper) has one entry in the built-in studies' reference files: testable claims (a finding's id, or the id with a
 * letter for a second claim, e.g. F1.5r; the same claim may be judged in several studies of its paper), or one claim
 * marked untestable with its reason. docs/claims.md's table of them is generated here.
 */
class FindingsTest {
    /** A claim's finding: its id without the letters that tell several claims of one finding apart. */
    private static final Pattern CLAIM_ID = Pattern.compile("(F[0-9]+\\.[0-9]+)[a-z]*");
    private static final Pattern FINDING_ID = Pattern.compile("F([0-9]+)\\.[0-9]+");
    /** A finding as PUBLISHED-RESULTS.md numbers it: "1. **F0.1** [stated] …". */
    private static final Pattern PUBLISHED_ID = Pattern.compile("(?m)^\\s*[0-9]+\\. \\*\\*(F([0-9]+)\\.[0-9]+)\\*\\*");
    private static final Path DOC = Path.of("..", "docs", "claims.md");
    private static final String START = "<!-- findings table: generated from the reference files by FindingsTest -->";
    private static final String END = "<!-- end of findings table -->";

    record Finding(String id, String paper) {
    }

    /** One claim of a built-in study's reference file. */
    record Entry(String study, Claim claim) {
    }

    @Test
    void everyFindingHasExactlyOneEntryAndNoEntryNamesAnUnknownFinding() throws Exception {
        List<Finding> findings = findings();
        Map<String, List<Entry>> entries = entries();
        List<String> problems = new ArrayList<>();
        for (Finding f : findings) {
            List<Entry> of = entries.getOrDefault(f.id(), List.of());
            long untestable = of.stream().filter(e -> !e.claim().testable()).count();
            if (of.isEmpty()) {
                problems.add(f.id() + ": no entry in any reference file");
            } else if (untestable > 0 && of.size() > 1) {
                problems.add(f.id() + ": an untestable claim beside others, one entry must say either: " + names(of));
            }
            for (Entry e : of) {
                if (!Pattern.compile("\\b" + f.paper() + "\\b").matcher(e.claim().source()).find()) {
                    problems.add(e.claim().id() + " in " + e.study() + ": the reference's source does not name "
                            + f.paper() + ": " + e.claim().source());
                }
            }
        }
        Set<String> known = new LinkedHashSet<>(findings.stream().map(Finding::id).toList());
        entries.forEach((id, of) -> {
            if (!known.contains(id)) {
                problems.add(names(of) + ": no published finding " + id + " (findings.csv)");
            }
        });
        assertEquals(List.of(), problems);
    }

    @Test
    void theListIsPublishedResultsIdsWhenItIsBesideTheCheckout() throws Exception {
        List<Finding> findings = findings();
        assertEquals(findings.size(), new LinkedHashSet<>(findings).size(), "an id twice in findings.csv");
        for (Finding f : findings) {
            Matcher m = FINDING_ID.matcher(f.id());
            assertTrue(m.matches() && f.paper().equals("S" + m.group(1)), f + ": an id F<paper>.<n> of its paper S<paper>");
        }
        Optional<Path> published = published();
        if (published.isPresent()) {
            List<Finding> ids = new ArrayList<>();
            Matcher m = PUBLISHED_ID.matcher(Files.readString(published.get(), StandardCharsets.UTF_8));
            while (m.find()) {
                ids.add(new Finding(m.group(1), "S" + m.group(2)));
            }
            List<Finding> onlyPublished = ids.stream().filter(f -> !findings.contains(f)).toList();
            List<Finding> onlyListed = findings.stream().filter(f -> !ids.contains(f)).toList();
            assertTrue(ids.equals(findings), "findings.csv differs from the findings of " + published.get()
                    + ": only there " + onlyPublished + ", only in findings.csv " + onlyListed
                    + (onlyPublished.isEmpty() && onlyListed.isEmpty() ? " (the order differs)" : ""));
        } else {
            System.err.println("FindingsTest: no shared/PUBLISHED-RESULTS.md in " + Path.of("").toAbsolutePath()
                    + " or above it; checked findings.csv against its 70 findings only");
            assertEquals(70, findings.size(), "findings.csv lists the 70 findings F0.1 … F4.9");
        }
    }

    @Test
    void theFindingsTableInTheDocsIsTheReferenceFiles() throws Exception {
        String doc = Files.readString(DOC, StandardCharsets.UTF_8);
        int start = doc.indexOf(START);
        int end = doc.indexOf(END);
        String expected = table(findings(), entries());
        if (Boolean.getBoolean("regenerate") && start >= 0 && end > start) {
            doc = doc.substring(0, start + START.length()) + "\n" + expected + doc.substring(end);
            Files.writeString(DOC, doc, StandardCharsets.UTF_8);
            start = doc.indexOf(START);
            end = doc.indexOf(END);
        }
        assertTrue(start >= 0 && end > start, DOC + " has no findings table between the markers " + START + " and " + END);
        assertEquals(expected, doc.substring(start + START.length() + 1, end),
                DOC + "'s findings table differs from the reference files; regenerate with "
                        + "mvn -q -o -pl generator -am test -Dtest=FindingsTest -Dsurefire.failIfNoSpecifiedTests=false -Dregenerate=true");
    }

    @Test
    void theClaimsIssue41FoundLoosenedKeepThePapersBounds() throws Exception {
        Claim f015 = claim("crud-stress", "F0.15");
        assertEquals(76, f015.low(), "F0.15: above 76 % at every level past 100 users");
        assertTrue(Double.isNaN(claim("crud-stress", "F0.14").low()),
                "F0.14: errors past 100 users are the study's own max_connections, not asked for");
        Claim f128 = claim("pg-tuning", "F1.28");
        assertTrue(f128.low() > 1 && f128.low() <= 1.29 / 1.25 && f128.high() >= 1.29 * 1.25 - 0.01,
                "F1.28: the paper's 1.29 within ÷/× 1.25, not any gain: " + f128.low() + "-" + f128.high());
        Claim f15r = claim("isolation-levels", "F1.5r");
        assertEquals(Map.of("warehouses", "2", "clients", "2"), f15r.where(),
                "F1.5r: the weakest cell's bound judged in that cell, not on a mean over all");
        Claim f34 = claim("tpcb-contention", "F3.4");
        assertEquals(Claim.Kind.LABEL_RATIO, f34.kind(), "F3.4: the teller UPDATE's share of the transaction");
        assertEquals("true", Studies.load("tpcb-contention").parameters().get("sub_results"),
                "F3.4 reads the statements' sub-results");
        for (Claim c : Studies.load("lock-contention").claims()) {
            boolean getLock = "get_lock".equals(c.where().get("variant")) || "get_lock".equals(c.b().get("variant"));
            assertTrue(!getLock || List.of("select-high", "update-high").contains(c.where().get("query")),
                    c.id() + ": GET_LOCK ran only with the high-load SELECT and UPDATE (workload 3), not pooled over queries");
        }
    }

    private static Claim claim(String study, String id) throws Exception {
        return Studies.load(study).claims().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    /** One row per finding: its claims (id, kind, the studies that judge it) or the one reason it is untestable. */
    static String table(List<Finding> findings, Map<String, List<Entry>> entries) {
        StringBuilder rows = new StringBuilder();
        int testable = 0;
        int untestable = 0;
        for (Finding f : findings) {
            List<Entry> of = entries.getOrDefault(f.id(), List.of());
            String entry;
            if (of.isEmpty()) {
                entry = "no entry";
            } else if (of.size() == 1 && !of.get(0).claim().testable()) {
                untestable++;
                entry = "not testable (" + of.get(0).study() + "): " + of.get(0).claim().untestable();
            } else {
                testable++;
                Map<String, List<String>> studies = new LinkedHashMap<>();
                for (Entry e : of) {
                    studies.computeIfAbsent("`" + e.claim().id() + "` " + e.claim().kind().id(), k -> new ArrayList<>())
                            .add(e.study());
                }
                List<String> parts = new ArrayList<>();
                studies.forEach((claim, in) -> parts.add(claim + " (" + String.join(", ", in) + ")"));
                entry = String.join("; ", parts);
            }
            rows.append("| ").append(f.id()).append(" | ").append(f.paper()).append(" | ")
                    .append(entry.replace("|", "\\|")).append(" |\n");
        }
        return findings.size() + " findings: " + testable + " with testable claims, " + untestable
                + " not testable.\n\n| finding | paper | claims (kind, studies that judge them) or why not testable |\n"
                + "|---|---|---|\n" + rows;
    }

    static List<Finding> findings() throws Exception {
        Path csv = Path.of(Studies.class.getResource("studies/findings.csv").toURI());
        List<Finding> out = new ArrayList<>();
        for (CsvTable.Row row : CsvTable.read(csv, "id", "study").rows()) {
            out.add(new Finding(row.get("id"), row.get("study")));
        }
        return out;
    }

    /** The built-in studies' paper claims by finding, in the order of the studies and their files. */
    static Map<String, List<Entry>> entries() throws Exception {
        Map<String, List<Entry>> out = new LinkedHashMap<>();
        for (String study : Studies.BUILT_IN) {
            for (Claim c : Studies.load(study).claims()) {
                if (c.origin() != Claim.Origin.PAPER) {
                    continue;
                }
                Matcher m = CLAIM_ID.matcher(c.id());
                out.computeIfAbsent(m.matches() ? m.group(1) : c.id(), k -> new ArrayList<>()).add(new Entry(study, c));
            }
        }
        return out;
    }

    private static String names(List<Entry> entries) {
        return String.join(", ", entries.stream().map(e -> e.claim().id() + " in " + e.study()).toList());
    }

    /** PUBLISHED-RESULTS.md in a folder shared beside the checkout (or above it), where the project keeps its notes. */
    private static Optional<Path> published() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve("PUBLISHED-RESULTS.md");
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
