package org.dbstudy.jmeter.tpcc.terminal;

import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;

/**
 * A terminal's binding (clause 2.1 and BenchBase's terminal layout): terminals are dealt to the
 * warehouses in turn, each terminal has a fixed home warehouse, and the terminals of one warehouse
 * split its ten districts into contiguous ranges. Delivery covers all ten districts of the home
 * warehouse, as the spec says.
 *
 * @param warehouses   how many warehouses the database holds
 * @param warehouse    the home warehouse
 * @param firstDistrict first district of this terminal's range
 * @param lastDistrict  last district of this terminal's range
 */
public record Terminal(int warehouses, int warehouse, int firstDistrict, int lastDistrict) {

    /** The most terminals (JMeter threads) that can bind to this many warehouses: one district each. */
    public static long maxTerminals(long warehouses) {
        return 10 * warehouses;
    }

    /** The binding of terminal {@code t} (1..terminals); more terminals than districts cannot bind. */
    static Terminal bind(int t, int terminals, int warehouses) throws InvalidSettingException {
        if (terminals > maxTerminals(warehouses)) {
            throw Arguments.problem("terminals", terminals + " terminals on " + warehouses + " warehouses: each"
                    + " terminal needs a district of its own; give at most " + (10L * warehouses)
                    + " (10 per warehouse) or more warehouses");
        }
        if (t < 1 || t > terminals) {
            throw Arguments.problem("terminal", t + " is not in 1.." + terminals + " (terminals)");
        }
        int w = (t - 1) % warehouses + 1;
        int k = (t - 1) / warehouses;
        int ofWarehouse = terminals / warehouses + (w <= terminals % warehouses ? 1 : 0);
        if (terminals < warehouses) {
            ofWarehouse = 1;
        }
        int first = k * 10 / ofWarehouse + 1;
        int last = (k + 1) * 10 / ofWarehouse;
        return new Terminal(warehouses, w, first, last);
    }

    int district(TpccRandom random) {
        return random.uniform(firstDistrict, lastDistrict);
    }

    /** Another warehouse than the home one, uniform; the home one when there is only one. */
    int otherWarehouse(TpccRandom random) {
        if (warehouses == 1) {
            return warehouse;
        }
        int other = random.uniform(1, warehouses - 1);
        return other >= warehouse ? other + 1 : other;
    }
}
