package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/** The {@code randomValues} field: its syntax, {@code :name} in parameters, and what a sample binds. */
class RandomValuesTest {

    @Test
    void linesNameWholeNumbersDrawnFromMinToMaxIncluded() throws Exception {
        RandomValues r = RandomValues.parse("aid = random(1, 100000)\n\n  delta=random( -5000 ,5000 )\r\none = random(7, 7)\n");
        assertEquals(List.of("aid", "delta", "one"), r.names());
        assertEquals("aid = random(1, 100000)\ndelta = random(-5000, 5000)\none = random(7, 7)", r.toString());
        long[] drawn = new long[r.size()];
        Set<Long> deltas = new TreeSet<>();
        for (int i = 0; i < 20_000; i++) {
            r.draw(drawn);
            assertTrue(drawn[0] >= 1 && drawn[0] <= 100_000, Long.toString(drawn[0]));
            assertTrue(drawn[1] >= -5000 && drawn[1] <= 5000, Long.toString(drawn[1]));
            assertEquals(7, drawn[2]);
            deltas.add(drawn[1]);
        }
        // 20 000 uniform draws over 10 001 values hit 10 001 × (1 − e^−2) ≈ 8 648 distinct ones (sd ≈ 30).
        assertTrue(deltas.size() > 8300 && deltas.size() < 9000, "distinct draws of 10 001 values: " + deltas.size());
        RandomValues small = RandomValues.parse("d = random(-2, 2)");
        long[] one = new long[1];
        Set<Long> seen = new TreeSet<>();
        for (int i = 0; i < 1000; i++) {
            small.draw(one);
            seen.add(one[0]);
        }
        assertEquals(Set.of(-2L, -1L, 0L, 1L, 2L), seen, "min and max are included");
        assertTrue(RandomValues.parse("  \n").isEmpty());
        assertTrue(RandomValues.parse(null).isEmpty());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "aid = random(1)|line 1 'aid = random(1)': is not 'name = random(min, max)'",
        "aid = uniform(1, 5)|is not 'name = random(min, max)'",
        "aid = random(1.5, 5)|is not 'name = random(min, max)'",
        "1aid = random(1, 5)|'1aid' is not a name",
        "a = random(5, 1)|min 5 is greater than max 1",
        "a = random(1, 1234567890123456789)|is not 'name = random(min, max)'",
    })
    void aLineThatCannotWorkNamesTheFieldAndTheLine(String line, String expected) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> RandomValues.parse(line));
        assertEquals("randomValues", e.field());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        InvalidSettingException twice = assertThrows(InvalidSettingException.class,
                () -> RandomValues.parse("a = random(1, 2)\na = random(1, 3)"));
        assertTrue(twice.getMessage().contains("line 2 'a = random(1, 3)': 'a' is defined twice"), twice.getMessage());
    }

    @Test
    void colonNamesBindRandomValuesOnlyWhenThereAreSome() throws Exception {
        RandomValues r = RandomValues.parse("aid = random(1, 10)\ntid = random(1, 3)");
        assertEquals(List.of(new RandomValues.Ref("tid", 1), 5L, "x", ":aid"),
                SqlStatement.parseParameters(":tid, 5, x, str::aid", r, 1));
        InvalidSettingException e = assertThrows(InvalidSettingException.class,
                () -> SqlStatement.parseParameters("1, :bid", r, 3));
        assertEquals("parameters", e.field());
        assertTrue(e.getMessage().contains("line 3: ':bid' names no random value; defined: aid, tid"), e.getMessage());
        // Plans written before random values existed keep binding ':bid' as text.
        assertEquals(List.of(":bid"), SqlStatement.parseParameters(":bid", RandomValues.NONE, 1));
    }

    @Test
    void aProcedureDrawsItsOwnValues() {
        TransactionSampler s = Samplers.sampler(Servers.POSTGRESQL.endpoint(), "bad", "");
        s.setProcedure("TPCC_NEW_ORDER");
        s.setRandomValues("a = random(1, 2)");
        SampleResult r = Samplers.once(s);
        assertFalse(r.isSuccessful());
        assertTrue(r.getResponseMessage().startsWith("configuration_error: field 'randomValues'"), r.getResponseMessage());
        assertTrue(r.isStopTest());
    }

    /** Each sample draws anew; a value named twice binds the same draw; every value of the range shows up. */
    @ParameterizedTest
    @EnumSource(Servers.class)
    void aSampleBindsItsDrawWhereverParametersNameIt(Servers server) throws Exception {
        DatabaseEndpoint db = server.endpoint();
        String table = "dbstudy_random_" + Long.toString(System.nanoTime(), 36);
        Samplers.sql(db, "CREATE TABLE " + table + " (v int, w int, k int)");
        try {
            TransactionSampler s = Samplers.sampler(db, "draw", "INSERT INTO " + table + " (v, w, k) VALUES (?, ?, ?);");
            s.setRandomValues("v = random(-1, 2)");
            s.setParameters(":v, :v, 7");
            for (int i = 0; i < 200; i++) {
                SampleResult r = s.sample(null);
                assertTrue(r.isSuccessful(), r.getResponseMessage());
            }
            s.threadFinished();
            Set<Integer> seen = new TreeSet<>();
            try (Connection c = db.connect(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT v, w, k FROM " + table)) {
                while (rs.next()) {
                    assertEquals(rs.getInt(1), rs.getInt(2), "one draw per sample, bound wherever it is named");
                    assertEquals(7, rs.getInt(3));
                    seen.add(rs.getInt(1));
                }
            }
            assertEquals(Set.of(-1, 0, 1, 2), seen);
        } finally {
            Samplers.sql(db, "DROP TABLE IF EXISTS " + table);
        }
    }

    /** Like a Random Variable (drawn once per iteration), a retried sample binds the same values again. */
    @Test
    void aRetryBindsTheSameDraw() throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        String table = "dbstudy_random_retry_" + Long.toString(System.nanoTime(), 36);
        Samplers.sql(db, "CREATE TABLE " + table + " (v bigint)");
        try {
            // Auto-commit keeps each try's INSERT; the first try then fails with a serialization failure.
            TransactionSampler s = Samplers.sampler(db, "retry", "INSERT INTO " + table + " (v) VALUES (?);\n"
                    + "DO $$ BEGIN IF (SELECT count(*) FROM " + table + ") < 2 THEN RAISE EXCEPTION 'again'"
                    + " USING ERRCODE = '40001'; END IF; END $$;");
            s.setTransactionMode("AUTOCOMMIT");
            s.setRandomValues("v = random(1, 1000000000000)");
            s.setParameters(":v");
            s.setMaxTries("3");
            s.setBackoffMs("0");
            SampleResult r = Samplers.once(s);
            assertTrue(r.isSuccessful(), r.getResponseMessage());
            assertTrue(r.getResponseMessage().contains("tries=2"), r.getResponseMessage());
            try (Connection c = db.connect(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT count(*), count(DISTINCT v) FROM " + table)) {
                rs.next();
                assertEquals(2, rs.getInt(1));
                assertEquals(1, rs.getInt(2), "both tries bound the sample's one draw");
            }
        } finally {
            Samplers.sql(db, "DROP TABLE IF EXISTS " + table);
        }
    }
}
