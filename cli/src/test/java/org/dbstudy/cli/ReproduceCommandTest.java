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
            // isolation-levels --quick runs 2 warehouses only: F1.3 (2 vs 4 warehouses) is reported not testable.
            assertEquals(e.getKey().equals("isolation-levels") ? List.of("F1.3 warehouses=4") : List.of(), lost, e.getKey());
        }
    }

    @Test
    void aStudyWithoutAPaperIsAUserError() {
        assertEquals(Main.USER_ERROR, Main.execute("reproduce", "smoke", "--quick"));
    }
}
