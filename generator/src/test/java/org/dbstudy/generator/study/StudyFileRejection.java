package org.dbstudy.generator.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.plan.PlanGenerator;
import org.junit.jupiter.params.provider.Arguments;

/** The one check of a rejected study file, shared by the error tests: file, line, field, problem, valid values, nothing written. */
public final class StudyFileRejection {
    private StudyFileRejection() {
    }

    /** One case of a parameterized error test. */
    public static Arguments bad(String what, String yaml, int line, String field, String problem, String valid) {
        return Arguments.of(what, yaml, line, field, problem, valid);
    }

    /** Writes {@code yaml} into {@code dir}, loads and generates it, and checks the message and that no plan was written. */
    public static void assertRejected(Path dir, String yaml, int line, String field, String problem, String valid)
            throws Exception {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, yaml);
        Path out = dir.resolve("out");
        StudyFileException e = assertThrows(StudyFileException.class, () -> {
            Study study = Studies.load(file.toString());
            PlanGenerator.write(study, out);
        });
        String message = e.getMessage();
        assertTrue(message.startsWith(file + ":" + line + ": field '" + field + "': "), message);
        assertTrue(message.contains(problem), message);
        assertTrue(message.contains("; valid: ") && message.substring(message.indexOf("; valid: ")).contains(valid),
                message);
        assertEquals(line, e.line());
        assertEquals(field, e.field());
        assertTrue(Files.notExists(out), "nothing is written");
    }
}
