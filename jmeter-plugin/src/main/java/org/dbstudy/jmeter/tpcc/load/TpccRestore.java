package org.dbstudy.jmeter.tpcc.load;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code existing=RESTORE} (the generator's reset {@code per-level}): brings tables that earlier cells
 * changed back to the state right after their load, without loading them again. What the five
 * transactions change is known, and most loaded values are constants (clause 4.3.3.1): new orders
 * (ids above 3000) are deleted, delivered orders of the initial population (2101 … 3000) undelivered
 * and their NEW-ORDER rows put back, the YTD and next-order columns and the customers' balances and
 * counters set to their loaded constants. What is random is saved right after the load and copied
 * back: each stock row's quantity and bad-credit customers' C_DATA (Payment prefixes it). HISTORY has
 * no key to tell new rows from loaded ones, so it is emptied and streamed again from the loader's
 * own random stream with the load's timestamp. Tables then hold the loaded rows and values; their
 * pages do not (dead row versions of the updates stay until a vacuum), which a reload would reset.
 */
final class TpccRestore {
    /** Each stock row's loaded quantity. */
    static final String STOCK = "dbstudy_tpcc_stock0";
    /** Bad-credit customers' loaded C_DATA. */
    static final String CUSTOMER_DATA = "dbstudy_tpcc_cdata0";
    /** The load's warehouses and the timestamp its rows carry. */
    static final String STATE = "dbstudy_tpcc_state0";
    static final List<String> TABLES = List.of(STOCK, CUSTOMER_DATA, STATE);

    private TpccRestore() {
    }

    /** Saves what {@link #restore} needs; run right after a load. */
    static List<String> saveSql(int warehouses, String dataTime) {
        return List.of(
                "CREATE TABLE " + STOCK + " AS SELECT s_w_id, s_i_id, s_quantity FROM stock",
                "ALTER TABLE " + STOCK + " ADD PRIMARY KEY (s_w_id, s_i_id)",
                "CREATE TABLE " + CUSTOMER_DATA + " AS SELECT c_w_id, c_d_id, c_id, c_data FROM customer WHERE c_credit = 'BC'",
                "ALTER TABLE " + CUSTOMER_DATA + " ADD PRIMARY KEY (c_w_id, c_d_id, c_id)",
                "CREATE TABLE " + STATE + " (warehouses int NOT NULL, data_time varchar(40) NOT NULL)",
                "INSERT INTO " + STATE + " VALUES (" + warehouses + ", '" + dataTime + "')");
    }

    /** The timestamp of the saved load when its state is saved for {@code warehouses}, else null. */
    static String savedDataTime(Connection c, List<String> found, int warehouses) throws SQLException {
        if (!found.containsAll(TABLES)) {
            return null;
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT warehouses, data_time FROM " + STATE)) {
            return rs.next() && rs.getInt(1) == warehouses ? rs.getString(2) : null;
        }
    }

    /** The statements that put the transactions' changes back, children before parents. */
    static List<String> restoreSql(TpccDialect d) {
        int firstUndelivered = TpccData.DELIVERED + 1;
        int lastLoaded = TpccData.CUSTOMERS;
        List<String> sql = new ArrayList<>(List.of(
                "DELETE FROM order_line WHERE ol_o_id > " + lastLoaded,
                "DELETE FROM new_order WHERE no_o_id > " + lastLoaded,
                "DELETE FROM oorder WHERE o_id > " + lastLoaded,
                "UPDATE oorder SET o_carrier_id = NULL WHERE o_id >= " + firstUndelivered + " AND o_carrier_id IS NOT NULL",
                "UPDATE order_line SET ol_delivery_d = NULL WHERE ol_o_id >= " + firstUndelivered
                        + " AND ol_delivery_d IS NOT NULL",
                "INSERT INTO new_order (no_w_id, no_d_id, no_o_id) SELECT o_w_id, o_d_id, o_id FROM oorder WHERE o_id >= "
                        + firstUndelivered + " AND NOT EXISTS (SELECT 1 FROM new_order WHERE no_w_id = o_w_id"
                        + " AND no_d_id = o_d_id AND no_o_id = o_id)",
                "UPDATE warehouse SET w_ytd = 300000.00 WHERE w_ytd <> 300000.00",
                "UPDATE district SET d_ytd = 30000.00, d_next_o_id = " + (lastLoaded + 1) + " WHERE d_ytd <> 30000.00"
                        + " OR d_next_o_id <> " + (lastLoaded + 1),
                "UPDATE customer SET c_balance = -10.00, c_ytd_payment = 10.00, c_payment_cnt = 1, c_delivery_cnt = 0"
                        + " WHERE c_payment_cnt <> 1 OR c_delivery_cnt <> 0 OR c_balance <> -10.00 OR c_ytd_payment <> 10.00",
                d.updateFrom("customer", CUSTOMER_DATA, "t.c_w_id = o.c_w_id AND t.c_d_id = o.c_d_id AND t.c_id = o.c_id",
                        List.of("c_data = o.c_data"), "t.c_data <> o.c_data"),
                d.updateFrom("stock", STOCK, "t.s_w_id = o.s_w_id AND t.s_i_id = o.s_i_id",
                        List.of("s_quantity = o.s_quantity", "s_ytd = 0", "s_order_cnt = 0", "s_remote_cnt = 0"),
                        "t.s_order_cnt <> 0"),
                "TRUNCATE TABLE history"));
        return sql;
    }

    /** Restores the tables and streams HISTORY again with the saved load's timestamp. */
    static void restore(Connection c, TpccDialect d, TpccDialect.BulkPath bulk, TpccData data, int warehouses)
            throws SQLException {
        TpccDialect.execute(c, restoreSql(d));
        try (RowWriter out = bulk.writers().open(c)) {
            out.begin(TpccSchema.HISTORY);
            for (int w = 1; w <= warehouses; w++) {
                data.rows(TpccSchema.HISTORY, w, out);
            }
            out.end();
        }
        TpccDialect.execute(c, List.of(d.analyze(TpccSchema.TPCC)));
    }
}
