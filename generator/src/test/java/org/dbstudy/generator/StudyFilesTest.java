package org.dbstudy.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class StudyFilesTest {
    private static final String STUDY = """
            name: text
            description: "S0 — \\"quoted\\", with commas\\tand tabs"
            workload: {template: crud}
            factors:
              users: [1]
            """;

    @Test
    void descriptionsSurviveStudyYamlAndStudyProperties() throws Exception {
        Study study = Studies.parse("text.yaml", STUDY);
        assertEquals("S0 — \"quoted\", with commas\tand tabs", study.description());

        Study again = Studies.parse("study.yaml", StudyFiles.yaml(study));
        assertEquals(study.description(), again.description());

        Properties p = new Properties();
        p.load(new StringReader(StudyFiles.properties(study)));
        assertEquals(study.description(), p.getProperty("study.description"));
        assertEquals("1", p.getProperty("study.cells"));
        assertEquals("jdbc:postgresql://127.0.0.1:5432/test", p.getProperty("target.postgres.url"));
    }

}
