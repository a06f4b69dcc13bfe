package org.dbstudy.jmeter.tpcc.terminal;

import java.math.BigDecimal;
import java.sql.SQLException;
import org.dbstudy.jmeter.procedure.IntendedRollbackException;
import org.dbstudy.jmeter.procedure.Statements;
import org.dbstudy.jmeter.tpcc.load.TpccData;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;

/**
 * New-Order (clause 2.4): 5–15 order lines, 1 % of lines supplied by another warehouse, and 1 % of
 * transactions ending in an intended rollback because their last item does not exist. Stock rows are
 * read FOR UPDATE and written back as one batch, as are the order lines (BenchBase's round trips);
 * pipelined, the statements before them take two round trips instead of about 26.
 */
final class NewOrder {
    static final String NAME = "NewOrder";

    private NewOrder() {
    }

    static void run(Statements st, Inputs in) throws SQLException, IntendedRollbackException {
        TpccRandom r = in.random();
        int w = in.terminal().warehouse();
        int d = in.terminal().district(r);
        int c = in.customerId();
        int lines = r.uniform(5, 15);
        boolean rollback = r.uniform(1, 100) == 1;
        int[] items = new int[lines];
        int[] supply = new int[lines];
        int[] quantity = new int[lines];
        int allLocal = 1;
        for (int l = 0; l < lines; l++) {
            items[l] = r.nurand(8191, in.constants().olIId(), 1, TpccData.ITEMS);
            supply[l] = r.uniform(1, 100) == 1 ? in.terminal().otherWarehouse(r) : w;
            quantity[l] = r.uniform(1, 10);
            if (supply[l] != w) {
                allLocal = 0;
            }
        }
        if (rollback) {
            items[lines - 1] = TpccData.ITEMS + 1; // an unused item id
        }

        // Pipelined, the four statements up to the customer go in one round trip, the order's two inserts
        // and every item's and stock row's read in a second; per statement, each is a round trip.
        Statements.Pipeline head = st.pipeline("NewOrder.head").add("NewOrder.getWarehouse", w)
                .add("NewOrder.getDistrict", w, d).add("NewOrder.updateDistrict", w, d).add("NewOrder.getCustomer", w, d, c);
        try (Statements.Rows rows = head.rows()) {
            need(rows.next(), "warehouse " + w);
        }
        int orderId;
        try (Statements.Rows rows = head.rows()) {
            need(rows.next(), "district " + w + "/" + d);
            orderId = rows.row().getInt(1);
        }
        head.updated();
        try (Statements.Rows rows = head.rows()) {
            need(rows.next(), "customer " + w + "/" + d + "/" + c);
        }
        Statements.Pipeline order = st.pipeline("NewOrder.lines")
                .add("NewOrder.insertOrder", w, d, orderId, c, lines, allLocal, in.clock().now())
                .add("NewOrder.insertNewOrder", w, d, orderId);
        for (int l = 0; l < lines; l++) {
            order.add("NewOrder.getItem", items[l]).add("NewOrder.getStock", supply[l], items[l]);
        }
        order.updated();
        order.updated();

        for (int l = 0; l < lines; l++) {
            BigDecimal price;
            try (Statements.Rows rows = order.rows()) {
                if (!rows.next()) {
                    if (rollback && l == lines - 1) {
                        throw new IntendedRollbackException("New-Order item " + items[l] + " does not exist (the 1 % rollback)");
                    }
                    throw new SQLException("New-Order: item " + items[l] + " not found");
                }
                price = rows.row().getBigDecimal(1);
            }
            int stockQuantity;
            String distInfo;
            try (Statements.Rows rows = order.rows()) {
                need(rows.next(), "stock " + supply[l] + "/" + items[l]);
                stockQuantity = rows.row().getInt(1);
                distInfo = rows.row().getString(2 + d);
            }
            int q = quantity[l];
            int newQuantity = stockQuantity >= q + 10 ? stockQuantity - q : stockQuantity - q + 91;
            st.addBatch("NewOrder.updateStock", newQuantity, q, supply[l] == w ? 0 : 1, supply[l], items[l]);
            BigDecimal amount = price.multiply(BigDecimal.valueOf(q));
            st.addBatch("NewOrder.insertOrderLine", w, d, orderId, l + 1, items[l], amount, supply[l], q, distInfo);
        }
        st.executeBatch("NewOrder.updateStock");
        st.executeBatch("NewOrder.insertOrderLine");
    }

    static void need(boolean found, String what) throws SQLException {
        if (!found) {
            throw new SQLException("TPC-C row missing: " + what + " (is the database loaded for these warehouses?)");
        }
    }
}
