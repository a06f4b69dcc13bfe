package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.ClaimsFile;
import org.junit.jupiter.api.Test;

/** A study's expect list and a built-in study's reference file become claims; mistakes name file, line and field. */
class ClaimParserTest {
    private static final String STUDY = """
            name: exp
            workload:
              template: crud
              parameters: {table: dbstudy_person}
            factors:
              operation: [read, write]
              users: [5, 10]
            settings: {duration: 10, rest: 0}
            expect:
              - p90 of read < 50 ms
              - write slower than read
              - {id: more-users-slower, kind: trend, metric: mean, factor: users, direction: increasing}
              - {kind: ratio, metric: throughput, a: {operation: write}, b: {operation: read}, min: 0.5, max: 2}
              - {kind: threshold, metric: error_percent, factor: users, up_to: 10, max: 0}
            """;

    @Test
    void expectationsInBothFormsBecomeClaimsWithTheirLine() throws Exception {
        List<Claim> claims = Studies.parse("exp.yaml", STUDY).claims();
        assertEquals(5, claims.size());
        Claim limit = claims.get(0);
        assertEquals(Claim.Kind.LIMIT, limit.kind());
        assertEquals(Claim.Metric.P90, limit.metric());
        assertEquals(Map.of("operation", "read"), limit.where());
        assertEquals(50.0, limit.high());
        assertEquals("exp.yaml:10", limit.source());
        Claim order = claims.get(1);
        // write slower than read: read's mean is the lower one
        assertEquals(Map.of("operation", "read"), order.a());
        assertEquals(Map.of("operation", "write"), order.b());
        assertEquals("more-users-slower", claims.get(2).id());
        assertEquals(Claim.Direction.INCREASING, claims.get(2).direction());
        assertEquals("10", claims.get(4).upTo());
    }

    @Test
    void claimsRoundTripThroughClaimsCsv(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        List<Claim> claims = Studies.parse("exp.yaml", STUDY).claims();
        java.nio.file.Path file = dir.resolve(ClaimsFile.FILE_NAME);
        ClaimsFile.write(file, claims);
        assertEquals(claims, ClaimsFile.read(file));
    }

    @Test
    void everyMistakeNamesLineFieldAndWhatIsValid() {
        String bad = STUDY.replace("- write slower than read", "- write slower than update")
                .replace("factor: users, direction: increasing", "factor: usres, direction: increasing")
                .replace("metric: throughput", "metric: tps");
        StudyFileException e = assertThrows(StudyFileException.class, () -> Studies.parse("exp.yaml", bad));
        String m = e.getMessage();
        assertTrue(m.contains("exp.yaml:11") && m.contains("'update' is not a level of any factor"), m);
        assertTrue(m.contains("exp.yaml:12") && m.contains("expect[2].factor") && m.contains("operation, users"), m);
        assertTrue(m.contains("exp.yaml:13") && m.contains("'tps' is not a metric")
                && m.contains("mean, median, p90"), m);
    }

    @Test
    void builtInStudiesCarryTheirPapersClaimsWithTheSourceNamed() throws Exception {
        for (String name : List.of("crud-stress", "isolation-levels", "tpcb-contention", "crud-factorial",
                "pg-tuning", "lock-contention", "tpcc")) {
            Study s = Studies.load(name);
            assertFalse(s.claims().isEmpty(), name);
            assertTrue(s.claims().stream().allMatch(c -> c.origin() == Claim.Origin.PAPER
                    && c.source().startsWith("PUBLISHED-RESULTS.md")), name);
            assertTrue(s.reference().orElseThrow().contains("compare: "), name);
        }
        Claim f11 = Studies.load("isolation-levels").claims().get(0);
        assertEquals("F1.1", f11.id());
        assertEquals(Claim.Direction.DECREASING, f11.direction());
        assertEquals("PUBLISHED-RESULTS.md S1 (seed 001_be08128ec220abb8.txt) F1.1", f11.source());
    }
}
