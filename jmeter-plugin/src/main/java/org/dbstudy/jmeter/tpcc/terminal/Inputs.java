package org.dbstudy.jmeter.tpcc.terminal;

import org.dbstudy.jmeter.tpcc.load.NurandConstants;
import org.dbstudy.jmeter.tpcc.load.StudyClock;
import org.dbstudy.jmeter.tpcc.load.TpccData;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;

/** What a terminal draws its transaction inputs from: its random source, binding, clock and NURand constants. */
record Inputs(TpccRandom random, Terminal terminal, StudyClock clock, NurandConstants constants) {

    /** C_ID by NURand(1023, 1, 3000). */
    int customerId() {
        return random.nurand(1023, constants.cId(), 1, TpccData.CUSTOMERS);
    }

    /** A run-time last name, NURand(255, 0, 999) (clause 2.5.1.2). */
    String lastName() {
        return TpccRandom.lastName(random.nurand(255, constants.cLastRun(), 0, 999));
    }
}
