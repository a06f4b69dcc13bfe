package org.dbstudy.jmeter.functions;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.jmeter.control.SwitchController;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.property.FunctionProperty;
import org.dbstudy.jmeter.random.Frequencies;
import org.junit.jupiter.api.Test;

/**
 * The weighted mix as it is meant to be used: the value of JMeter's stock Switch Controller, whose
 * children are one sampler per transaction, named by it. The controller is driven iteration by
 * iteration as a JMeter thread drives it (no engine: the module has no headless-engine harness), with
 * its value a compiled function property as JMeter's plan compiler leaves it.
 */
class SwitchControllerMixTest {
    static {
        DbstudyPickTest.class.getName(); // JMeter properties for the function lookup
    }

    /** Does nothing: the test counts which child the controller hands out. */
    private static final class Named extends AbstractSampler {
        private static final long serialVersionUID = 1L;

        Named(String name) {
            setName(name);
        }

        @Override
        public SampleResult sample(Entry e) {
            return null;
        }
    }

    @Test
    void theControllerRunsTheChildNamedByEachPickInItsShare() {
        List<String> names = List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel");
        SwitchController mix = new SwitchController();
        mix.setProperty(new FunctionProperty("SwitchController.value",
                new CompoundVariable("${__dbstudyPick(NewOrder:45,Payment:43,OrderStatus:4,Delivery:4,StockLevel:4)}")));
        for (String name : names) {
            mix.addTestElement(new Named(name));
        }
        mix.setRunningVersion(true);
        mix.initialize();
        int iterations = 100_000;
        long[] counts = new long[names.size()];
        for (int i = 0; i < iterations; i++) {
            Sampler child = mix.next();
            assertNotNull(child, "iteration " + i + ": the pick named no child");
            counts[names.indexOf(child.getName())]++;
            assertNull(mix.next(), "one child per iteration");
        }
        Frequencies.withinBinomialBounds("Switch Controller children 45/43/4/4/4", counts,
                new double[] {0.45, 0.43, 0.04, 0.04, 0.04}, iterations);
        assertTrue(counts[0] > counts[2], "the switch follows the weights, not the children's order");
    }
}
