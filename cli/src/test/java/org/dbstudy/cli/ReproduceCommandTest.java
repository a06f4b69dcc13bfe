package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.Claim;
import org.junit.jupiter.api.Test;

/** reproduce --quick: each reduced design is valid, smaller, and keeps the levels its paper's claims compare. */
class ReproduceCommandTest {
    /**
     * isolation-levels --quick runs 2 warehouses only; crud-factorial's keeps rows 50 and 2000, users 5 and 50, intervals
     * 0.1 and 1; crud-stress's stops at 150 users.
     */
    private static final Map<String, List<String>> LOST_IN_QUICK = Map.of(
            "isolation-levels", List.of("F1.2 warehouses=4", "F1.3 warehouses=4"),
            "crud-factorial", List.of("F0.2 rows=200", "F0.2b rows=100", "F0.2b rows=200", "F0.3 rows=1000",
                    "F0.3b rows=500", "F0.3b rows=1000", "F0.4 users=80", "F0.6 users=100", "F0.6 interval=2",
                    "F0.9 users=20", "F0.9 users=30"),
            "crud-stress", List.of("F0.14b users=200", "F0.17 users=200"));

    @Test
    void eachQuickDesignIsSmallerAndKeepsTheLevelsItsClaimsName() throws Exception {
        for (Map.Entry<String, ReproduceCommand.Quick> e : ReproduceCommand.QUICK.entrySet()) {
            Study full = Studies.load(e.getKey());
            Map<String, List<String>> set = new LinkedHashMap<>();
            for (String s : e.getValue().sets()) {
                String[] kv = s.split("=");
                set.put(kv[0], List.of(kv[1].split(",")));
            }
            long duration = e.getValue().durationSeconds();
            Study quick = full.withOverrides(set, OptionalLong.of(duration));
            assertTrue(StudyEstimate.of(quick, DatabaseKind.POSTGRESQL, true, true).totalSeconds()
                    < StudyEstimate.of(full, DatabaseKind.POSTGRESQL, true, true).totalSeconds() / 4, e.getKey());
            List<String> lost = new ArrayList<>();
            for (Claim c : quick.claims()) {
                for (Map<String, String> s : List.of(c.where(), c.a(), c.b())) {
                    s.forEach((f, level) -> {
                        if (c.testable() && !quick.factorLevels().getOrDefault(f, List.of()).contains(level)) {
                            lost.add(c.id() + " " + f + "=" + level);
                        }
                    });
                }
            }
            // These claims name levels the quick designs leave out: they are reported not testable there.
            assertEquals(LOST_IN_QUICK.getOrDefault(e.getKey(), List.of()), lost, e.getKey());
        }
    }

    @Test
    void aStudyWithoutAPaperIsAUserError() {
        assertEquals(Main.USER_ERROR, Main.execute("reproduce", "smoke", "--quick"));
    }
}
