package org.dbstudy.cli.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.dbstudy.cli.failure.UserError;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.Test;

class TargetsTest {
    @Test
    void theHelpTextsChoiceListIsTheOneBuiltFromTheKinds() {
        assertEquals(Targets.VALID, Targets.valid());
    }

    @Test
    void eachKindIsTakenByItsWordAndAnEmbeddedOneOnlyWhereOffered() {
        for (DatabaseKind kind : DatabaseKind.values()) {
            assertEquals(kind, Targets.kindOf(kind.word()));
            if (EmbeddedTarget.offered(kind) == null) {
                assertThrows(UserError.class, () -> Targets.kindOf("embedded-" + kind.word()));
            } else {
                assertEquals(kind, Targets.kindOf("embedded-" + kind.word()));
            }
        }
    }
}
