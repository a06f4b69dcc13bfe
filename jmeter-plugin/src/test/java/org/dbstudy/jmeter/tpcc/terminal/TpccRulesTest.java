package org.dbstudy.jmeter.tpcc.terminal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.ProcedureCall;
import org.dbstudy.jmeter.procedure.Procedures;
import org.dbstudy.jmeter.tpcc.TpccProcedures;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;
import org.junit.jupiter.api.Test;

/** The rules that need no database: terminal binding, NURand, last names, the mix, and a call's checks. */
class TpccRulesTest {

    @Test
    void sixteenTerminalsOnTwoWarehousesGetEightDistrictRangesEach() throws Exception {
        Map<Integer, List<String>> byWarehouse = new HashMap<>();
        for (int t = 1; t <= 16; t++) {
            Terminal b = Terminal.bind(t, 16, 2);
            byWarehouse.computeIfAbsent(b.warehouse(), k -> new ArrayList<>()).add(b.firstDistrict() + "-" + b.lastDistrict());
        }
        List<String> ranges = List.of("1-1", "2-2", "3-3", "4-5", "6-6", "7-7", "8-8", "9-10");
        assertEquals(Map.of(1, ranges, 2, ranges), byWarehouse);
        Terminal alone = Terminal.bind(2, 2, 4);
        assertEquals(2, alone.warehouse());
        assertEquals(1, alone.firstDistrict());
        assertEquals(10, alone.lastDistrict());
        InvalidSettingException e = assertThrows(InvalidSettingException.class, () -> Terminal.bind(1, 21, 2));
        assertTrue(e.getMessage().startsWith("field 'procedureArguments': argument 'terminals': 21 terminals on 2 warehouses"),
                e.getMessage());
    }

    @Test
    void nurandStaysInRangeAndLastNamesAreTheSpecsSyllables() {
        TpccRandom r = new TpccRandom(7);
        int[] counts = new int[3001];
        for (int i = 0; i < 300_000; i++) {
            int c = r.nurand(1023, 259, 1, 3000);
            assertTrue(c >= 1 && c <= 3000);
            counts[c]++;
        }
        int max = 0;
        for (int c : counts) {
            max = Math.max(max, c);
        }
        assertTrue(max > 3 * 100, "NURand is skewed: the most frequent id is drawn far above 1/3000");
        assertEquals("BARBARBAR", TpccRandom.lastName(0));
        assertEquals("OUGHTPRIEING", TpccRandom.lastName(139));
        assertEquals("EINGEINGEING", TpccRandom.lastName(999));
    }

    /**
     * The seeded loader's NURand draws uniform(0, A) first, then uniform(x, y), from its own stream: the
     * order that keeps the data a seed loads the same now that the formula lives in Nurand.
     */
    @Test
    void tpccNurandDrawsItsTwoUniformsInTheSpecsOrderFromTheSeededStream() {
        TpccRandom nurand = new TpccRandom(5);
        TpccRandom uniforms = new TpccRandom(5);
        for (int i = 0; i < 1000; i++) {
            int expected = (((uniforms.uniform(0, 1023) | uniforms.uniform(1, 3000)) + 259) % 3000) + 1;
            assertEquals(expected, nurand.nurand(1023, 259, 1, 3000), "draw " + i);
        }
    }

    @Test
    void theMixMustHaveFiveWeightsSummingToOneHundred() {
        assertNull(TpccProcedures.mixProblem("45,43,4,4,4"));
        assertNull(TpccProcedures.mixProblem("100,0,0,0,0"));
        assertEquals("'45,43,4,4,5' sums to 101; the weights must sum to 100", TpccProcedures.mixProblem("45,43,4,4,5"));
        assertTrue(TpccProcedures.mixProblem("50,50").startsWith("'50,50' has 2 weights"));
    }

    @Test
    void aCallRefusesUnknownNamesAndChangedMarkers() throws Exception {
        ProcedureCall ok = ProcedureCall.parse("tpcc_payment", "warehouses=2\nterminal=1\nterminals=2",
                "Payment.updateDistrict: UPDATE district SET d_ytd = d_ytd + 0 * ? WHERE d_w_id = ? AND d_id = ?;", "");
        assertEquals("TPCC_PAYMENT", ok.definition().name());
        assertEquals(Map.of("Payment.updateDistrict", "UPDATE district SET d_ytd = d_ytd + 0 * ? WHERE d_w_id = ? AND d_id = ?"),
                ok.sql().overrides());
        assertEquals(ok, ProcedureCall.parse("TPCC_PAYMENT", "warehouses=2\nterminal=1\nterminals=2",
                "Payment.updateDistrict: UPDATE district SET d_ytd = d_ytd + 0 * ? WHERE d_w_id = ? AND d_id = ?;", ""),
                "the same fields give an equal call, so a thread keeps its instance");

        assertProblem("procedure", "'TPCC_NEWORDER' is not a procedure", () -> ProcedureCall.parse("TPCC_NEWORDER", "", "", ""));
        assertProblem("procedureArguments", "'warehouse' is not an argument of TPCC_MIX",
                () -> ProcedureCall.parse("TPCC_MIX", "warehouse=2", "", ""));
        assertProblem("procedureArguments", "argument 'warehouses': missing", () -> ProcedureCall.parse("TPCC_MIX", "", "", ""));
        assertProblem("procedureArguments", "argument 'mix': '50,50' has 2 weights",
                () -> ProcedureCall.parse("TPCC_MIX", "warehouses=1\nmix=50,50", "", ""));
        assertProblem("statements", "'Payment.updateDistrik' is not a statement of TPCC_PAYMENT",
                () -> ProcedureCall.parse("TPCC_PAYMENT", "warehouses=1", "Payment.updateDistrik: UPDATE x SET y = ?;", ""));
        assertProblem("statements", "'Payment.updateDistrict' has 2 '?' markers; the procedure binds 3",
                () -> ProcedureCall.parse("TPCC_PAYMENT", "warehouses=1",
                        "Payment.updateDistrict: UPDATE district SET d_ytd = d_ytd WHERE d_w_id = ? AND d_id = ?;", ""));
        assertProblem("parameters", "leave 'parameters' empty", () -> ProcedureCall.parse("TPCC_CHECK", "", "", "1,2"));
        assertProblem("procedureArguments", "argument 'queries': 'Q23' is not a CH-benCHmark query",
                () -> ProcedureCall.parse("CH_QUERY", "queries=Q1,Q23", "", ""));
    }

    @Test
    void theDefaultSqlIsWrittenAsNamedStatementsThatParseBack() throws Exception {
        for (org.dbstudy.vocabulary.DatabaseKind dialect : org.dbstudy.vocabulary.DatabaseKind.values()) {
            String text = Procedures.statementsText("TPCC_MIX", dialect);
            assertTrue(text.startsWith("NewOrder.getWarehouse: SELECT w_tax FROM warehouse WHERE w_id = ?;\n"), text);
            ProcedureCall call = ProcedureCall.parse("TPCC_MIX", "warehouses=1", text, "");
            assertEquals(33, call.sql().overrides().size(), "every statement of the five transactions");
        }
    }

    private interface Parse {
        void run() throws Exception;
    }

    private static void assertProblem(String field, String text, Parse parse) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, parse::run);
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().contains(text), e.getMessage());
    }
}
