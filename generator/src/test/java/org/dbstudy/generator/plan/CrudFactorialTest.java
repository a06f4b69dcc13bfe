package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CrudFactorialTest {
    @TempDir
    Path out;

    @Test
    void rendersS0FullFactorialAs336PlansWithS0LevelsInTheManifest() throws Exception {
        Study study = Studies.load("crud-factorial");
        GeneratedStudy generated = PlanGenerator.write(study, out);

        assertEquals(336, generated.plans().size());
        try (Stream<Path> plans = Files.list(out.resolve("plans"))) {
            assertEquals(336, plans.count());
        }
        List<Map<String, String>> rows = Manifest.read(generated.manifest());
        assertEquals(336, rows.size());
        assertEquals(List.of("cell", "replicate", "plan", "operation", "interval", "users", "rows", "arrival"),
                Manifest.header(generated.manifest()));
        assertEquals("start spread over 0.1 s; constant 0.1 s", rows.get(0).get("arrival"));
        assertEquals(List.of("read", "write"), distinct(rows, "operation"));
        assertEquals(List.of("0.1", "0.5", "1", "2"), distinct(rows, "interval"));
        assertEquals(List.of("5", "10", "20", "30", "50", "80", "100"), distinct(rows, "users"));
        assertEquals(List.of("50", "100", "200", "500", "1000", "2000"), distinct(rows, "rows"));
        assertEquals("read-interval0.1-users5-rows50", rows.get(0).get("cell"));
        assertEquals("read-interval0.1-users5-rows100", rows.get(1).get("cell"), "the last factor varies fastest");
        assertEquals("write-interval2-users100-rows2000", rows.get(335).get("cell"));
        StudyEstimate estimate = StudyEstimate.of(study, DatabaseKind.POSTGRESQL, false, true);
        assertEquals(336L * 300, estimate.measuredSeconds());
        assertEquals(335L * 30, estimate.restsSeconds(), "a rest between two runs, none after the last");
    }

    private static List<String> distinct(List<Map<String, String>> rows, String column) {
        List<String> out = new ArrayList<>();
        rows.forEach(r -> {
            if (!out.contains(r.get(column))) {
                out.add(r.get(column));
            }
        });
        return out;
    }
}
