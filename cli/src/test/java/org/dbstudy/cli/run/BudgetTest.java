package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.dbstudy.cli.failure.UserError;
import org.junit.jupiter.api.Test;

/** {@code --budget}'s durations, their words back, and a mistake in one line naming the flag and what is valid. */
class BudgetTest {
    @Test
    void durationsParseToSecondsAndBack() {
        assertEquals(5400, Budget.parse("90m").seconds());
        assertEquals(5400, Budget.parse("1h30m").seconds());
        assertEquals(7200, Budget.parse("2H").seconds());
        assertEquals(45, Budget.parse("45s").seconds());
        assertEquals("1h30m", Budget.parse("90m").words());
        assertEquals("1h1m5s", Budget.parse(Budget.parse("3665s").words()).words());
        assertFalse(Budget.parse(null).given());
    }

    @Test
    void aDurationThatIsNotOneIsRefusedNamingTheFlag() {
        for (String wrong : new String[] {"90", "1.5h", "m", "-5m", "1d"}) {
            UserError e = assertThrows(UserError.class, () -> Budget.parse(wrong));
            assertEquals("--budget " + wrong + ": not a duration; valid: " + Budget.VALID, e.getMessage());
        }
        assertEquals("--budget 0m: give a duration above 0; valid: " + Budget.VALID,
                assertThrows(UserError.class, () -> Budget.parse("0m")).getMessage());
    }
}
