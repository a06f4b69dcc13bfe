package org.dbstudy.jmeter.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.InvalidVariableException;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.util.JMeterUtils;
import org.dbstudy.jmeter.random.Frequencies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code ${__dbstudyPick(name:weight,...)}} as JMeter evaluates it: found by JMeter's function lookup
 * ({@link CompoundVariable}), each name picked with probability weight / sum, bad arguments refused.
 * No JMeter engine runs here (the module has no headless-engine harness): the function is evaluated as
 * a Switch Controller's value is, through a CompoundVariable.
 */
class DbstudyPickTest {
    static {
        // Outside a JMeter engine there are no JMeter properties; CompoundVariable's function lookup reads them.
        try {
            Path props = Files.createTempFile("jmeter", ".properties");
            JMeterUtils.loadJMeterProperties(props.toString());
            Files.delete(props);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long[] counts(String expression, List<String> names, int calls) {
        CompoundVariable value = new CompoundVariable(expression);
        long[] counts = new long[names.size()];
        for (int i = 0; i < calls; i++) {
            String picked = value.execute();
            int at = names.indexOf(picked);
            assertTrue(at >= 0, "picked '" + picked + "', not one of " + names);
            counts[at]++;
        }
        return counts;
    }

    @Test
    void jmeterFindsTheFunctionByItsName() {
        assertTrue(List.of(CompoundVariable.getFunctionNames()).contains("__dbstudyPick"));
        assertEquals(DbstudyPick.class, CompoundVariable.getFunctionClass("__dbstudyPick"));
    }

    /** TPC-C's mix shape: 45/43/4/4/4 over 100 000 calls, each name within 4.5 binomial standard deviations. */
    @Test
    void eachNameIsPickedWithItsShareOfTheWeights() {
        List<String> names = List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel");
        int calls = 100_000;
        long[] counts = counts("${__dbstudyPick(NewOrder:45,Payment:43, OrderStatus:4 ,Delivery:4,StockLevel:4)}", names, calls);
        Frequencies.withinBinomialBounds("45/43/4/4/4", counts, new double[] {0.45, 0.43, 0.04, 0.04, 0.04}, calls);
    }

    @Test
    void weightsMayBeDecimals() {
        int calls = 100_000;
        long[] counts = counts("${__dbstudyPick(transfer:0.5,balance:1.5)}", List.of("transfer", "balance"), calls);
        Frequencies.withinBinomialBounds("0.5/1.5", counts, new double[] {0.25, 0.75}, calls);
        long[] one = counts("${__dbstudyPick(only:3)}", List.of("only"), 100);
        assertEquals(100, one[0]);
    }

    /** Arguments with ${...} are evaluated per call and parsed again only when their text changes. */
    @Test
    void argumentsFromVariablesFollowTheirValues() {
        JMeterVariables vars = new JMeterVariables();
        JMeterContextService.getContext().setVariables(vars);
        try {
            CompoundVariable value = new CompoundVariable("${__dbstudyPick(${tx}:1)}");
            vars.put("tx", "transfer");
            assertEquals("transfer", value.execute());
            assertEquals("transfer", value.execute());
            vars.put("tx", "balance");
            assertEquals("balance", value.execute());
        } finally {
            JMeterContextService.getContext().setVariables(null);
        }
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "transfer|__dbstudyPick argument 1 'transfer': has no weight; write name:weight, e.g. transfer:45",
        ":45|argument 1 ':45': the name is empty",
        "transfer:|argument 1 'transfer:': the weight '' is not a number > 0; a weight is a whole or decimal number",
        "transfer:abc|the weight 'abc' is not a number > 0",
        "transfer:NaN|the weight 'NaN' is not a number > 0",
        "transfer:-5|the weight '-5' is not a number > 0",
        "transfer:0|argument 1 'transfer:0': the weight must be greater than 0",
        "transfer:0.0|the weight must be greater than 0",
        "7:45|the name is a whole number, which a Switch Controller takes for a child's position",
    })
    void aBadArgumentIsNamedWithWhatIsValid(String argument, String expected) {
        InvalidVariableException e = assertThrows(InvalidVariableException.class, () -> pick(argument, "balance:55"));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void aNameTwiceOrNoArgumentIsRefused() {
        InvalidVariableException twice = assertThrows(InvalidVariableException.class, () -> pick("a:1", "b:2", "a:3"));
        assertEquals("__dbstudyPick argument 3 'a:3': 'a' is named twice; give each name once", twice.getMessage());
        InvalidVariableException none = assertThrows(InvalidVariableException.class, DbstudyPickTest::pick);
        assertTrue(none.getMessage().startsWith("__dbstudyPick needs one or more name:weight arguments"), none.getMessage());
        InvalidVariableException second = assertThrows(InvalidVariableException.class, () -> pick("a:1", "b"));
        assertTrue(second.getMessage().startsWith("__dbstudyPick argument 2 'b': has no weight"), second.getMessage());
    }

    private static void pick(String... arguments) throws InvalidVariableException {
        List<CompoundVariable> parameters = new ArrayList<>();
        for (String argument : arguments) {
            parameters.add(new CompoundVariable(argument));
        }
        new DbstudyPick().setParameters(parameters);
    }
}
