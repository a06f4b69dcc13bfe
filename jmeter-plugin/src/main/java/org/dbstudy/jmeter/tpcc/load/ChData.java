package org.dbstudy.jmeter.tpcc.load;

import java.sql.SQLException;

/**
 * The CH-benCHmark's extra tables: 5 regions, 62 nations keyed by the character codes of [0-9A-Za-z]
 * (so {@code ascii(substring(c_state from 1 for 1))} joins a customer to a nation) and 10,000
 * suppliers (stock rows map to one through {@code MOD(s_w_id * s_i_id, 10000) = su_suppkey}, so the
 * keys run 0..9999).
 */
final class ChData {
    static final String[] REGIONS = {"Africa", "America", "Asia", "Australia", "Europe"};
    /** 62 nations with their region (index into {@link #REGIONS}); the queries name Germany and Cambodia. */
    private static final String[][] NATIONS = {
            {"Algeria", "0"}, {"Angola", "0"}, {"Egypt", "0"}, {"Ethiopia", "0"}, {"Ghana", "0"}, {"Kenya", "0"},
            {"Morocco", "0"}, {"Nigeria", "0"}, {"Senegal", "0"}, {"Tunisia", "0"}, {"Zambia", "0"},
            {"Argentina", "1"}, {"Brazil", "1"}, {"Canada", "1"}, {"Chile", "1"}, {"Colombia", "1"}, {"Cuba", "1"},
            {"Ecuador", "1"}, {"Mexico", "1"}, {"Peru", "1"}, {"United States", "1"}, {"Uruguay", "1"},
            {"Venezuela", "1"}, {"Bangladesh", "2"}, {"Cambodia", "2"}, {"China", "2"}, {"India", "2"},
            {"Indonesia", "2"}, {"Iran", "2"}, {"Japan", "2"}, {"Korea", "2"}, {"Malaysia", "2"}, {"Nepal", "2"},
            {"Pakistan", "2"}, {"Philippines", "2"}, {"Thailand", "2"}, {"Vietnam", "2"}, {"Australia", "3"},
            {"Fiji", "3"}, {"New Zealand", "3"}, {"Papua New Guinea", "3"}, {"Samoa", "3"}, {"Tonga", "3"},
            {"Austria", "4"}, {"Belgium", "4"}, {"Denmark", "4"}, {"Finland", "4"}, {"France", "4"},
            {"Germany", "4"}, {"Greece", "4"}, {"Hungary", "4"}, {"Ireland", "4"}, {"Italy", "4"},
            {"Netherlands", "4"}, {"Norway", "4"}, {"Poland", "4"}, {"Portugal", "4"}, {"Romania", "4"},
            {"Spain", "4"}, {"Sweden", "4"}, {"Switzerland", "4"}, {"United Kingdom", "4"}};
    static final String KEY_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    static final int SUPPLIERS = 10_000;

    private ChData() {
    }

    /** Loads the three tables and returns their rows. */
    static long load(RowWriter out, TpccRandom random) throws SQLException {
        out.begin(TpccSchema.REGION);
        for (int r = 0; r < REGIONS.length; r++) {
            random.aString(out.num(r).str(REGIONS[r]), 31, 115).endRow();
        }
        out.end();
        long rows = out.rows();
        out.begin(TpccSchema.NATION);
        for (int n = 0; n < NATIONS.length; n++) {
            out.num(KEY_CHARACTERS.charAt(n)).str(NATIONS[n][0]).num(Integer.parseInt(NATIONS[n][1]));
            random.aString(out, 31, 114).endRow();
        }
        out.end();
        rows += out.rows();
        out.begin(TpccSchema.SUPPLIER);
        for (int s = 0; s < SUPPLIERS; s++) {
            out.num(s).str(String.format(java.util.Locale.ROOT, "Supplier#%09d", s));
            random.aString(out, 10, 40).num(KEY_CHARACTERS.charAt(random.uniform(0, NATIONS.length - 1)));
            random.nString(out, 15).dec(random.uniform(-99_999, 999_999), 2);
            random.aString(out, 25, 100).endRow();
        }
        out.end();
        return rows + out.rows();
    }
}
