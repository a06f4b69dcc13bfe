package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.ClaimsFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The claim kinds best, indistinguishable, knee, significant, label_ratio and monitor in a study's expect list. */
class ClaimKindsParserTest {
    private static final String STUDY = """
            name: exp
            workload:
              template: crud
              parameters: {table: dbstudy_person}
            factors:
              operation: [read, write]
              users: [5, 20, 30]
            settings: {duration: 10, rest: 0}
            expect:
              - {kind: best, metric: throughput, a: {users: "20"}}
              - {kind: indistinguishable, metric: mean, a: {users: "5"}, b: {users: "20"}, min: 0.9, max: 1.1}
              - {kind: knee, metric: mean, factor: users, a: {users: "20"}, b: {users: "30"}, max: 1.25, min: 1.25}
              - {kind: significant, metric: mean, factor: users, where: {operation: read}}
              - {kind: label_ratio, metric: mean, label: stmt, versus: txn, min: 0.72, max: 0.92}
              - {kind: monitor, metric: p99, monitor: host_cpu_busy_pct, where: {users: "30"}, min: 90}
              - {kind: best, metric: mean, a: {users: "5", operation: read}, direction: highest}
            """;

    @Test
    void eachKindReadsItsKeysAndRoundTripsThroughClaimsCsv(@TempDir Path dir) throws Exception {
        List<Claim> claims = Studies.parse("exp.yaml", STUDY).claims();
        assertEquals(List.of(Claim.Kind.BEST, Claim.Kind.INDISTINGUISHABLE, Claim.Kind.KNEE, Claim.Kind.SIGNIFICANT,
                Claim.Kind.LABEL_RATIO, Claim.Kind.MONITOR, Claim.Kind.BEST), claims.stream().map(Claim::kind).toList());
        assertTrue(claims.get(0).highestIsBest(), "throughput: highest is best");
        assertEquals("txn", claims.get(4).versus());
        assertEquals("host_cpu_busy_pct", claims.get(5).monitor());
        assertEquals(Map.of("users", "5", "operation", "read"), claims.get(6).a());
        assertTrue(claims.get(6).highestIsBest(), "direction: highest overrides the metric's lowest");
        Path file = dir.resolve(ClaimsFile.FILE_NAME);
        ClaimsFile.write(file, claims);
        assertEquals(claims, ClaimsFile.read(file));
    }

    private static String mistake(String from, String to) {
        String bad = STUDY.replace(from, to);
        assertTrue(!bad.equals(STUDY), from);
        return assertThrows(StudyFileException.class, () -> Studies.parse("exp.yaml", bad)).getMessage();
    }

    @Test
    void eachKindsMistakeNamesLineFieldAndWhatIsValid() {
        String m = mistake("a: {users: \"5\"}, b: {users: \"20\"}, min: 0.9, max: 1.1", "a: {users: \"5\"}, b: {users: \"20\"}, min: 1.1, max: 1.3");
        assertTrue(m.contains("exp.yaml:11") && m.contains("expect[1].min") && m.contains("a band around 1"), m);
        m = mistake("b: {users: \"30\"}, max: 1.25", "b: {operation: read}, max: 1.25");
        assertTrue(m.contains("exp.yaml:12") && m.contains("expect[2].b") && m.contains("{users: the level past the knee}"), m);
        m = mistake("{kind: significant, metric: mean, factor: users,", "{kind: significant, metric: mean,");
        assertTrue(m.contains("exp.yaml:13") && m.contains("'expect[3].factor': missing"), m);
        m = mistake("versus: txn, ", "");
        assertTrue(m.contains("exp.yaml:14") && m.contains("'expect[4].versus': missing"), m);
        m = mistake("monitor: host_cpu_busy_pct", "monitor: cpu");
        assertTrue(m.contains("exp.yaml:15") && m.contains("'cpu' is not a monitor figure")
                && m.contains("host_cpu_busy_pct, host_mem_used_pct, server_cpu_pct_of_one_core"), m);
        m = mistake("{kind: monitor, metric: p99", "{kind: monitor, metric: throughput");
        assertTrue(m.contains("expect[5].metric") && m.contains("mean, median, p90, p95, p99"), m);
        m = mistake("direction: highest", "direction: increasing");
        assertTrue(m.contains("exp.yaml:16") && m.contains("expect[6].direction") && m.contains("highest, lowest"), m);
    }
}
