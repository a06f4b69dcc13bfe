package org.dbstudy.jmeter.tpcc.terminal;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.jmeter.procedure.Statements;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;

/** Order-Status (clause 2.6): read-only; the customer by last name 60 % of the time, its last order and lines. */
final class OrderStatus {
    static final String NAME = "OrderStatus";

    private OrderStatus() {
    }

    static void run(Statements st, Inputs in) throws SQLException {
        TpccRandom r = in.random();
        int w = in.terminal().warehouse();
        int d = in.terminal().district(r);
        int cId;
        if (r.uniform(1, 100) <= 60) {
            String last = in.lastName();
            List<Integer> found = new ArrayList<>();
            try (Statements.Rows rows = st.query("OrderStatus.getCustomersByName", w, d, last)) {
                while (rows.next()) {
                    found.add(rows.row().getInt(1));
                }
            }
            NewOrder.need(!found.isEmpty(), "customer named " + last + " in " + w + "/" + d);
            cId = found.get((found.size() + 1) / 2 - 1);
        } else {
            cId = in.customerId();
            try (Statements.Rows rows = st.query("OrderStatus.getCustomerById", w, d, cId)) {
                NewOrder.need(rows.next(), "customer " + w + "/" + d + "/" + cId);
            }
        }
        int orderId;
        try (Statements.Rows rows = st.query("OrderStatus.getLastOrder", w, d, cId)) {
            NewOrder.need(rows.next(), "an order of customer " + w + "/" + d + "/" + cId);
            orderId = rows.row().getInt(1);
        }
        try (Statements.Rows rows = st.query("OrderStatus.getOrderLines", w, d, orderId)) {
            while (rows.next()) {
                rows.row().getInt(1);
            }
        }
    }
}
