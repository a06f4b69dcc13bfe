package org.dbstudy.jmeter.tpcc.terminal;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.jmeter.procedure.Statements;
import org.dbstudy.jmeter.tpcc.load.TpccRandom;

/**
 * Payment (clause 2.5): the warehouse's and district's YTD grow by the amount, 15 % of customers
 * belong to another warehouse, 60 % are found by last name (the middle one of those with that name).
 * The balance is changed by the server ({@code c_balance - ?}), so READ COMMITTED loses no update.
 */
final class Payment {
    static final String NAME = "Payment";

    private Payment() {
    }

    static void run(Statements st, Inputs in) throws SQLException {
        TpccRandom r = in.random();
        int w = in.terminal().warehouse();
        int d = in.terminal().district(r);
        int cw = w;
        int cd = d;
        if (in.terminal().warehouses() > 1 && r.uniform(1, 100) > 85) {
            cw = in.terminal().otherWarehouse(r);
            cd = r.uniform(1, 10);
        }
        boolean byName = r.uniform(1, 100) <= 60;
        String last = byName ? in.lastName() : null;
        int cId = byName ? 0 : in.customerId();
        BigDecimal amount = BigDecimal.valueOf(r.uniform(100, 500_000), 2);

        // Pipelined, the five statements up to the customer's row go in one round trip, the last two in another.
        Statements.Pipeline head = st.pipeline("Payment.head").add("Payment.updateWarehouse", amount, w)
                .add("Payment.getWarehouse", w).add("Payment.updateDistrict", amount, w, d).add("Payment.getDistrict", w, d);
        if (byName) {
            head.add("Payment.getCustomersByName", cw, cd, last);
        } else {
            head.add("Payment.getCustomerById", cw, cd, cId);
        }
        head.updated();
        String warehouseName;
        try (Statements.Rows rows = head.rows()) {
            NewOrder.need(rows.next(), "warehouse " + w);
            warehouseName = rows.row().getString(1);
        }
        head.updated();
        String districtName;
        try (Statements.Rows rows = head.rows()) {
            NewOrder.need(rows.next(), "district " + w + "/" + d);
            districtName = rows.row().getString(1);
        }
        String credit;
        if (byName) {
            List<int[]> found = new ArrayList<>();
            List<String> credits = new ArrayList<>();
            try (Statements.Rows rows = head.rows()) {
                while (rows.next()) {
                    found.add(new int[] {rows.row().getInt(1)});
                    credits.add(rows.row().getString(11));
                }
            }
            NewOrder.need(!found.isEmpty(), "customer named " + last + " in " + cw + "/" + cd);
            int middle = (found.size() + 1) / 2 - 1; // position ceil(n/2), counted from 1
            cId = found.get(middle)[0];
            credit = credits.get(middle);
        } else {
            try (Statements.Rows rows = head.rows()) {
                NewOrder.need(rows.next(), "customer " + cw + "/" + cd + "/" + cId);
                credit = rows.row().getString(11);
            }
        }
        Statements.Pipeline tail = st.pipeline("Payment.tail");
        if ("BC".equals(credit)) {
            String data;
            try (Statements.Rows rows = st.query("Payment.getCustomerData", cw, cd, cId)) {
                NewOrder.need(rows.next(), "customer " + cw + "/" + cd + "/" + cId);
                data = rows.row().getString(1);
            }
            // The text String.format(Locale.ROOT, "%d %d %d %d %d %s | ", …) gives, without parsing a format per call.
            String newData = new StringBuilder(600).append(cId).append(' ').append(cd).append(' ').append(cw).append(' ')
                    .append(d).append(' ').append(w).append(' ').append(amount.toPlainString()).append(" | ").append(data)
                    .toString();
            tail.add("Payment.updateCustomerData", amount, amount,
                    newData.length() > 500 ? newData.substring(0, 500) : newData, cw, cd, cId);
        } else {
            tail.add("Payment.updateCustomer", amount, amount, cw, cd, cId);
        }
        tail.add("Payment.insertHistory", cId, cd, cw, d, w, in.clock().now(), amount, warehouseName + "    " + districtName);
        tail.updated();
        tail.updated();
    }
}
