package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.StringReader;
import java.util.List;
import java.util.Properties;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.MonitorAddress;
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
        assertEquals(null, p.getProperty("target.postgres.monitor"), "no monitor address unless one is named");
    }

    @Test
    void aTargetsMonitorAddressSurvivesStudyYamlAndStudyProperties() throws Exception {
        Study study = Studies.parse("m.yaml", STUDY.replace("factors:", """
                targets:
                  - {name: db1, dialect: postgresql, url: "jdbc:postgresql://db1.example:5432/test", monitor: "db1.example:7070"}
                factors:"""));
        assertEquals(MonitorAddress.parse("db1.example:7070"), study.targets().get(0).monitor());
        Study again = Studies.parse("study.yaml", StudyFiles.yaml(study));
        assertEquals(study.targets(), again.targets());
        assertEquals(study.targets().get(0).monitor(), study.withConnection("jdbc:postgresql://db1.example:5433/test", "u")
                .targets().get(0).monitor(), "a run's connection keeps the monitor address");
        Properties p = new Properties();
        p.load(new StringReader(StudyFiles.properties(study)));
        assertEquals("db1.example:7070", p.getProperty("target.db1.monitor"));
    }

    @Test
    void eachFactorsLevelsKeepTheirDeclaredOrderWhateverTheRunOrder() throws Exception {
        Study study = Studies.parse("r.yaml", STUDY.replace("users: [1]", "users: [16, 4]\n  isolation: [SERIALIZABLE, READ_COMMITTED]")
                + "order: random\nseed: 7\nreplicates: 3\n");
        Properties p = new Properties();
        p.load(new StringReader(StudyFiles.properties(study)));
        assertEquals("16,4", p.getProperty(ManifestColumns.DECLARED_LEVELS_KEY + "users"), "declared, not sorted");
        assertEquals(List.of("SERIALIZABLE", "READ_COMMITTED"),
                Csv.split(p.getProperty(ManifestColumns.DECLARED_LEVELS_KEY + "isolation")));
    }

    @Test
    void eachUserHoldsAConnectionPerSamplerOfItsMix() throws Exception {
        Properties crud = new Properties();
        crud.load(new StringReader(StudyFiles.properties(Studies.parse("text.yaml", STUDY))));
        assertEquals("1", crud.getProperty(ManifestColumns.CONNECTIONS_PER_USER_KEY), "one sampler, one connection");
        Properties transfer = new Properties();
        transfer.load(new StringReader(StudyFiles.properties(Studies.load("transfer"))));
        assertEquals("2", transfer.getProperty(ManifestColumns.CONNECTIONS_PER_USER_KEY), "transfer and balance, each its own");
    }

}
