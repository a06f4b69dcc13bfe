package org.dbstudy.jmeter.tpcc.load;

import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * The initial database population of TPC-C clause 4.3.3.1, table by table and warehouse by warehouse,
 * streamed into a {@link RowWriter}: cardinalities and value distributions as the spec gives them,
 * timestamps from the study clock. Each table's rows of each warehouse come from a random stream of
 * their own, so a table can be loaded on its own connection and the data depend only on the seed.
 */
public final class TpccData {
    public static final int ITEMS = 100_000;
    static final int DISTRICTS = 10;
    public static final int CUSTOMERS = 3_000;
    /** Orders with o_id above this are undelivered: they have a NEW-ORDER row and no carrier. */
    static final int DELIVERED = 2_100;
    /** The stream of the customers and line counts of a warehouse's orders, which ORDER and ORDER-LINE share. */
    private static final int ORDER_SHAPE = 99;

    private final long seed;
    private final int cLastLoad;
    private final byte[] now;

    TpccData(long seed, NurandConstants c, String now) {
        this.seed = seed;
        this.cLastLoad = c.cLastLoad();
        this.now = now.getBytes(StandardCharsets.US_ASCII);
    }

    /** Writes the rows of table {@code t} that belong to warehouse {@code w} (all of ITEM for any w). */
    void rows(TpccSchema.Table t, int w, RowWriter out) throws SQLException {
        TpccRandom random = stream(TpccSchema.TPCC.indexOf(t), w);
        switch (t.name()) {
            case "item" -> items(out, random);
            case "warehouse" -> warehouse(out, random, w);
            case "district" -> districts(out, random, w);
            case "stock" -> stock(out, random, w);
            case "customer" -> customers(out, random, w);
            case "history" -> history(out, random, w);
            case "oorder" -> orders(out, random, w, OrderShape.draw(stream(ORDER_SHAPE, w)));
            case "new_order" -> newOrders(out, w);
            case "order_line" -> orderLines(out, random, w, OrderShape.draw(stream(ORDER_SHAPE, w)));
            default -> throw new IllegalArgumentException("not a TPC-C table: " + t.name());
        }
    }

    private TpccRandom stream(int table, int w) {
        return new TpccRandom(seed * 1_000_003L + (table * 100_000L + w) * 7919L);
    }

    private static void items(RowWriter out, TpccRandom random) throws SQLException {
        for (int i = 1; i <= ITEMS; i++) {
            out.num(i);
            random.aString(out, 14, 24);
            out.dec(random.uniform(100, 10_000), 2);
            random.data(out).num(random.uniform(1, 10_000)).endRow();
        }
    }

    private static void warehouse(RowWriter out, TpccRandom random, int w) throws SQLException {
        out.num(w).dec(30_000_000, 2).dec(random.uniform(0, 2000), 4);
        random.aString(out, 6, 10);
        address(out, random).endRow();
    }

    private static void districts(RowWriter out, TpccRandom random, int w) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            out.num(w).num(d).dec(3_000_000, 2).dec(random.uniform(0, 2000), 4).num(CUSTOMERS + 1);
            random.aString(out, 6, 10);
            address(out, random).endRow();
        }
    }

    private static void stock(RowWriter out, TpccRandom random, int w) throws SQLException {
        for (int i = 1; i <= ITEMS; i++) {
            out.num(w).num(i).num(random.uniform(10, 100)).num(0).num(0).num(0);
            random.data(out);
            for (int d = 0; d < DISTRICTS; d++) {
                random.aString(out, 24, 24);
            }
            out.endRow();
        }
    }

    private void customers(RowWriter out, TpccRandom random, int w) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int c = 1; c <= CUSTOMERS; c++) {
                // The first 1000 customers take each last name once; the rest are NURand-skewed.
                int nameNumber = c <= 1000 ? c - 1 : random.nurand(255, cLastLoad, 0, 999);
                out.num(w).num(d).num(c).dec(random.uniform(0, 5000), 4).str(random.uniform(1, 10) == 1 ? "BC" : "GC");
                TpccRandom.lastName(out, nameNumber);
                random.aString(out, 8, 16);
                out.dec(5_000_000, 2).dec(-1000, 2).dec(1000, 2).num(1).num(0);
                random.aString(out, 10, 20);
                random.aString(out, 10, 20);
                random.aString(out, 10, 20);
                random.customerState(out); // every CH-benCHmark region has customers (see customerState)
                random.zip(out);
                random.nString(out, 16);
                out.ascii(now, 0, now.length).str("OE");
                random.aString(out, 300, 500).endRow();
            }
        }
    }

    /** One history row per customer. */
    private void history(RowWriter out, TpccRandom random, int w) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int c = 1; c <= CUSTOMERS; c++) {
                out.num(c).num(d).num(w).num(d).num(w).ascii(now, 0, now.length).dec(1000, 2);
                random.aString(out, 12, 24).endRow();
            }
        }
    }

    private void orders(RowWriter out, TpccRandom random, int w, OrderShape shape) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = 1; o <= CUSTOMERS; o++) {
                out.num(w).num(d).num(o).num(shape.customers[d - 1][o - 1]);
                if (o <= DELIVERED) {
                    out.num(random.uniform(1, 10));
                } else {
                    out.nul();
                }
                out.num(shape.lines[d - 1][o - 1]).num(1).ascii(now, 0, now.length).endRow();
            }
        }
    }

    private static void newOrders(RowWriter out, int w) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = DELIVERED + 1; o <= CUSTOMERS; o++) {
                out.num(w).num(d).num(o).endRow();
            }
        }
    }

    private void orderLines(RowWriter out, TpccRandom random, int w, OrderShape shape) throws SQLException {
        for (int d = 1; d <= DISTRICTS; d++) {
            for (int o = 1; o <= CUSTOMERS; o++) {
                boolean delivered = o <= DELIVERED;
                for (int l = 1; l <= shape.lines[d - 1][o - 1]; l++) {
                    out.num(w).num(d).num(o).num(l).num(random.uniform(1, ITEMS));
                    if (delivered) {
                        out.ascii(now, 0, now.length).dec(0, 2);
                    } else {
                        out.nul().dec(random.uniform(1, 999_999), 2);
                    }
                    out.num(w).num(5);
                    random.aString(out, 24, 24).endRow();
                }
            }
        }
    }

    /** Street 1, street 2, city, state, zip. */
    private static RowWriter address(RowWriter out, TpccRandom random) {
        random.aString(out, 10, 20);
        random.aString(out, 10, 20);
        random.aString(out, 10, 20);
        random.state(out);
        return random.zip(out);
    }

    /** A warehouse's orders: each district's customers in order of their order (a permutation) and each order's line count. */
    private record OrderShape(int[][] customers, int[][] lines) {
        static OrderShape draw(TpccRandom random) {
            int[][] customers = new int[DISTRICTS][];
            int[][] lines = new int[DISTRICTS][CUSTOMERS];
            for (int d = 0; d < DISTRICTS; d++) {
                customers[d] = random.permutation(CUSTOMERS);
                for (int o = 0; o < CUSTOMERS; o++) {
                    lines[d][o] = random.uniform(5, 15);
                }
            }
            return new OrderShape(customers, lines);
        }
    }
}
