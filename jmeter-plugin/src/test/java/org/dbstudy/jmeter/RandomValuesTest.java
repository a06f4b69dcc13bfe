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
import org.dbstudy.jmeter.random.Frequencies;
import org.dbstudy.jmeter.random.Nurand;
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

    /** nurand(A, min, max): TPC-C's NURand with C fixed per A (Nurand.runConstant), always within min..max. */
    @Test
    void nurandDrawsTpccsNonUniformDistribution() throws Exception {
        RandomValues r = RandomValues.parse("last = nurand(255, 0, 99)\ncid=nurand( 1023 ,1, 3000 )");
        assertEquals("last = nurand(255, 0, 99)\ncid = nurand(1023, 1, 3000)", r.toString());
        long[] drawn = new long[2];
        long[] counts = new long[100];
        int draws = 300_000;
        for (int i = 0; i < draws; i++) {
            r.draw(drawn);
            assertTrue(drawn[0] >= 0 && drawn[0] <= 99, Long.toString(drawn[0]));
            assertTrue(drawn[1] >= 1 && drawn[1] <= 3000, Long.toString(drawn[1]));
            counts[(int) drawn[0]]++;
        }
        Frequencies.chiSquareFits("nurand(255, 0, 99)", counts, Frequencies.nurand(255, 223, 0, 99), draws);
        // The same skew as the TPC-C procedures' C_LAST: with another C the hot values move and the fit fails.
        assertEquals(223, Nurand.runConstant(255));
    }

    /** zipfian(min, max, s): rank k (min is rank 1) drawn with probability ∝ 1/k^s, always within min..max. */
    @Test
    void zipfianDrawsRankOneAtMinMostOften() throws Exception {
        RandomValues r = RandomValues.parse("key = zipfian(-10, 89, 0.99)\nflat = zipfian(1, 3, 2.5)");
        assertEquals("key = zipfian(-10, 89, 0.99)\nflat = zipfian(1, 3, 2.5)", r.toString());
        long[] drawn = new long[2];
        long[] keys = new long[100];
        long[] small = new long[3];
        int draws = 300_000;
        for (int i = 0; i < draws; i++) {
            r.draw(drawn);
            assertTrue(drawn[0] >= -10 && drawn[0] <= 89, Long.toString(drawn[0]));
            assertTrue(drawn[1] >= 1 && drawn[1] <= 3, Long.toString(drawn[1]));
            keys[(int) drawn[0] + 10]++;
            small[(int) drawn[1] - 1]++;
        }
        double[] p = Frequencies.zipf(100, 0.99);
        Frequencies.chiSquareFits("zipfian(-10, 89, 0.99)", keys, p, draws);
        Frequencies.withinBinomialBounds("zipfian(-10, 89, 0.99) ranks 1-5", java.util.Arrays.copyOf(keys, 5), p, draws);
        assertTrue(keys[0] > 50 * keys[99], "min (rank 1) is drawn about 95 times as often as max (rank 100)");
        Frequencies.withinBinomialBounds("zipfian(1, 3, 2.5)", small, Frequencies.zipf(3, 2.5), draws);
        long[] one = new long[1];
        RandomValues.parse("z = zipfian(7, 7, 0.5)").draw(one);
        assertEquals(7, one[0]);
        RandomValues wide = RandomValues.parse("z = zipfian(1, 2147483647, 0.99)");
        for (int i = 0; i < 1000; i++) {
            wide.draw(one);
            assertTrue(one[0] >= 1 && one[0] <= 2147483647L, Long.toString(one[0]));
        }
    }

    /** The reader re-parses only when the text changes: the same lines are equal, other ones are not. */
    @Test
    void equalTextsAreEqualValues() throws Exception {
        String text = "a = random(1, 5)\nb = nurand(1023, 1, 3000)\nc = zipfian(1, 1000, 0.99)";
        assertEquals(RandomValues.parse(text), RandomValues.parse(text));
        assertFalse(RandomValues.parse(text).equals(RandomValues.parse(text.replace("0.99", "0.98"))));
        assertFalse(RandomValues.parse(text).equals(RandomValues.parse(text.replace("nurand(1023", "nurand(255"))));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "c = nurand(1, 5)|line 1 'c = nurand(1, 5)': is not 'name = nurand(A, min, max)' with whole numbers",
        "c = nurand(1023, 1.5, 5)|is not 'name = nurand(A, min, max)'",
        "c = nurand(-1, 1, 5)|A and min must be 0 or more",
        "c = nurand(1023, -1, 5)|A and min must be 0 or more",
        "c = nurand(1023, 9, 5)|min 9 is greater than max 5",
        "z = zipfian(1, 5)|line 1 'z = zipfian(1, 5)': is not 'name = zipfian(min, max, s)'",
        "z = zipfian(1, 5, -1)|is not 'name = zipfian(min, max, s)'",
        "z = zipfian(1, 5, 1e3)|is not 'name = zipfian(min, max, s)'",
        "z = zipfian(1, 5, 0)|s must be greater than 0 (0.99 is YCSB's default)",
        "z = zipfian(1, 5, 0.0)|s must be greater than 0",
        "z = zipfian(9, 5, 0.99)|min 9 is greater than max 5",
        "z = zipfian(0, 2147483647, 0.99)|zipfian spans at most 2147483647 values; max − min + 1 is 2147483648",
        "z = gaussian(1, 5)|is not 'name = random(min, max)', 'name = nurand(A, min, max)' or 'name = zipfian(min, max, s)'",
    })
    void aNurandOrZipfianLineThatCannotWorkNamesTheFieldAndTheLine(String line, String expected) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> RandomValues.parse("ok = random(1, 2)\n" + line));
        assertEquals("randomValues", e.field());
        assertTrue(e.getMessage().contains(expected.replace("line 1", "line 2")), e.getMessage());
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

    /** nurand and zipfian values bind like random ones: every value of their ranges shows up, none outside. */
    @Test
    void aSampleBindsNurandAndZipfianDraws() throws Exception {
        DatabaseEndpoint db = Servers.POSTGRESQL.endpoint();
        String table = "dbstudy_random_kinds_" + Long.toString(System.nanoTime(), 36);
        Samplers.sql(db, "CREATE TABLE " + table + " (n int, z bigint)");
        try {
            TransactionSampler s = Samplers.sampler(db, "kinds", "INSERT INTO " + table + " (n, z) VALUES (?, ?);");
            s.setRandomValues("n = nurand(3, 10, 12)\nz = zipfian(5000000000, 5000000002, 0.5)");
            s.setParameters(":n, :z");
            for (int i = 0; i < 300; i++) {
                SampleResult r = s.sample(null);
                assertTrue(r.isSuccessful(), r.getResponseMessage());
            }
            s.threadFinished();
            Set<Integer> ns = new TreeSet<>();
            Set<Long> zs = new TreeSet<>();
            try (Connection c = db.connect(); Statement st = c.createStatement();
                 ResultSet rs = st.executeQuery("SELECT n, z FROM " + table)) {
                while (rs.next()) {
                    ns.add(rs.getInt(1));
                    zs.add(rs.getLong(2));
                }
            }
            assertEquals(Set.of(10, 11, 12), ns);
            assertEquals(Set.of(5_000_000_000L, 5_000_000_001L, 5_000_000_002L), zs);
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
