package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The committed plan-templates/ files are exactly what the generator renders today. */
class PlanTemplatesTest {
    private static final Path DIR = Path.of("..", "plan-templates");
    private static final String HOW = "; regenerate with: mvn -B -q verify -pl generator -Dtest=PlanTemplatesTest"
            + " -Dregenerate=true (or run org.dbstudy.generator.plan.PlanTemplates plan-templates from the repository root)"
            + " and commit plan-templates/";

    @Test
    void committedTemplatesEqualTheRenderedBytes() throws Exception {
        Map<String, byte[]> rendered = PlanTemplates.render();
        assertEquals(16, rendered.size(), "15 plans and dbstudy-templates.xml");
        if (Boolean.getBoolean("regenerate")) {
            for (Map.Entry<String, byte[]> f : rendered.entrySet()) {
                Files.write(DIR.resolve(f.getKey()), f.getValue());
            }
        }
        for (Map.Entry<String, byte[]> f : rendered.entrySet()) {
            Path file = DIR.resolve(f.getKey());
            assertTrue(Files.isRegularFile(file), file.toAbsolutePath() + " is missing" + HOW);
            assertTrue(Arrays.equals(f.getValue(), Files.readAllBytes(file)), file + " differs from the rendered plan" + HOW);
        }
        for (String workload : new String[] {"crud", "school", "tpcb", "tpcc", "chbench"}) {
            for (String dialect : new String[] {"postgresql", "mysql", "mariadb"}) {
                String name = "dbstudy-" + workload + "-" + dialect + ".jmx";
                LoadedPlan plan = LoadedPlan.load(DIR.resolve(name));
                assertEquals(dialect.toUpperCase(java.util.Locale.ROOT), LoadedPlan.prop(plan.sampler(), "dialect"), name);
                assertTrue(new String(rendered.get("dbstudy-templates.xml")).contains("<fileName>" + name + "</fileName>"));
            }
        }
        assertTrue(Files.isRegularFile(DIR.resolve("README.md")), "plan-templates/README.md is written by hand");
    }
}
