package org.dbstudy.jmeter.tpcc.load;

import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.random.Nurand;

/**
 * The constants C of NURand (clause 2.1.6): for C_LAST at load and at run time, C_ID and OL_I_ID.
 * Defaults are {@link Nurand}'s (BenchBase's fixed values, which the sampler's {@code nurand(A, min, max)}
 * uses too), so the access skew is the same in every run and documented.
 *
 * @param cLastLoad C for C_LAST when loading (A = 255)
 * @param cLastRun  C for C_LAST when running; |run − load| must lie in [65, 119] and not be 96 or 112
 * @param cId       C for C_ID (A = 1023)
 * @param olIId     C for OL_I_ID (A = 8191)
 */
public record NurandConstants(int cLastLoad, int cLastRun, int cId, int olIId) {
    static final NurandConstants DEFAULTS = new NurandConstants(Nurand.C_LAST_LOAD, (int) Nurand.runConstant(255),
            (int) Nurand.runConstant(1023), (int) Nurand.runConstant(8191));

    public static NurandConstants from(Arguments a) throws InvalidSettingException {
        NurandConstants c = new NurandConstants((int) a.number("cLastLoad", DEFAULTS.cLastLoad, 0, 255),
                (int) a.number("cLastRun", DEFAULTS.cLastRun, 0, 255), (int) a.number("cId", DEFAULTS.cId, 0, 1023),
                (int) a.number("olIId", DEFAULTS.olIId, 0, 8191));
        int delta = Math.abs(c.cLastRun - c.cLastLoad);
        if (delta < 65 || delta > 119 || delta == 96 || delta == 112) {
            throw Arguments.problem("cLastRun", "|cLastRun − cLastLoad| = " + delta
                    + "; TPC-C clause 2.1.6.1 wants 65..119, not 96 or 112 (defaults 223 and 157)");
        }
        return c;
    }
}
