package org.dbstudy.jmeter.tpcc;

import java.sql.SQLException;

/**
 * The initial database population of TPC-C clause 4.3.3.1, table by table, streamed into a
 * {@link RowWriter}: cardinalities and value distributions as the spec gives them, timestamps from the
 * study clock.
 */
final class TpccData {
    static final int ITEMS = 100_000;
    static final int DISTRICTS = 10;
    static final int CUSTOMERS = 3_000;
    /** Orders with o_id above this are undelivered: they have a NEW-ORDER row and no carrier. */
    static final int DELIVERED = 2_100;

    private final TpccRandom random;
    private final int cLastLoad;
    private final String now;

    TpccData(TpccRandom random, NurandConstants c, String now) {
        this.random = random;
        this.cLastLoad = c.cLastLoad();
        this.now = now;
    }

    void items(RowWriter out) throws SQLException {
        out.begin(TpccSchema.ITEM);
        for (int i = 1; i <= ITEMS; i++) {
            out.num(i).str(random.aString(14, 24)).dec(random.uniform(100, 10_000), 2).str(random.data())
                    .num(random.uniform(1, 10_000)).endRow();
        }
        out.end();
    }

    void warehouseAndDistricts(RowWriter out, int w) throws SQLException {
        out.begin(TpccSchema.WAREHOUSE);
        out.num(w).dec(30_000_000, 2).dec(random.uniform(0, 2000), 4).str(random.aString(6, 10));
        address(out);
        out.endRow();
        out.end();
        out.begin(TpccSchema.DISTRICT);
        for (int d = 1; d <= DISTRICTS; d++) {
            out.num(w).num(d).dec(3_000_000, 2).dec(random.uniform(0, 2000), 4).num(CUSTOMERS + 1)
                    .str(random.aString(6, 10));
            address(out);
            out.endRow();
        }
        out.end();
    }

    void stock(RowWriter out, int w) throws SQLException {
        out.begin(TpccSchema.STOCK);
        for (int i = 1; i <= ITEMS; i++) {
            out.num(w).num(i).num(random.uniform(10, 100)).num(0).num(0).num(0).str(random.data());
            for (int d = 0; d < DISTRICTS; d++) {
                out.str(random.aString(24, 24));
            }
            out.endRow();
        }
        out.end();
    }

    /** CUSTOMER and HISTORY (one history row per customer). */
    void customers(RowWriter out, int w) throws SQLException {
        out.begin(TpccSchema.CUSTOMER);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int c = 1; c <= CUSTOMERS; c++) {
                // The first 1000 customers take each last name once; the rest are NURand-skewed.
                int nameNumber = c <= 1000 ? c - 1 : random.nurand(255, cLastLoad, 0, 999);
                out.num(w).num(d).num(c).dec(random.uniform(0, 5000), 4)
                        .str(random.uniform(1, 10) == 1 ? "BC" : "GC").str(TpccRandom.lastName(nameNumber))
                        .str(random.aString(8, 16)).dec(5_000_000, 2).dec(-1000, 2).dec(1000, 2).num(1).num(0)
                        .str(random.aString(10, 20)).str(random.aString(10, 20)).str(random.aString(10, 20))
                        .str(random.state()).str(random.zip()).str(random.nString(16)).str(now).str("OE")
                        .str(random.aString(300, 500)).endRow();
            }
        }
        out.end();
        out.begin(TpccSchema.HISTORY);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int c = 1; c <= CUSTOMERS; c++) {
                out.num(c).num(d).num(w).num(d).num(w).str(now).dec(1000, 2).str(random.aString(12, 24)).endRow();
            }
        }
        out.end();
    }

    /** ORDER, NEW-ORDER and ORDER-LINE; the line counts are drawn once and used for both. */
    void orders(RowWriter out, int w) throws SQLException {
        int[][] lineCounts = new int[DISTRICTS][CUSTOMERS];
        out.begin(TpccSchema.OORDER);
        for (int d = 1; d <= DISTRICTS; d++) {
            int[] customers = random.permutation(CUSTOMERS);
            for (int o = 1; o <= CUSTOMERS; o++) {
                int lines = random.uniform(5, 15);
                lineCounts[d - 1][o - 1] = lines;
                out.num(w).num(d).num(o).num(customers[o - 1]);
                if (o <= DELIVERED) {
                    out.num(random.uniform(1, 10));
                } else {
                    out.nul();
                }
                out.num(lines).num(1).str(now).endRow();
            }
        }
        out.end();
        out.begin(TpccSchema.NEW_ORDER);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = DELIVERED + 1; o <= CUSTOMERS; o++) {
                out.num(w).num(d).num(o).endRow();
            }
        }
        out.end();
        out.begin(TpccSchema.ORDER_LINE);
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = 1; o <= CUSTOMERS; o++) {
                boolean delivered = o <= DELIVERED;
                for (int l = 1; l <= lineCounts[d - 1][o - 1]; l++) {
                    out.num(w).num(d).num(o).num(l).num(random.uniform(1, ITEMS));
                    if (delivered) {
                        out.str(now).dec(0, 2);
                    } else {
                        out.nul().dec(random.uniform(1, 999_999), 2);
                    }
                    out.num(w).num(5).str(random.aString(24, 24)).endRow();
                }
            }
        }
        out.end();
    }

    /** Street 1, street 2, city, state, zip. */
    private void address(RowWriter out) {
        out.str(random.aString(10, 20)).str(random.aString(10, 20)).str(random.aString(10, 20)).str(random.state())
                .str(random.zip());
    }
}
