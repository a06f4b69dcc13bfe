package org.dbstudy.jmeter.tpcc.terminal;

import java.sql.SQLException;
import org.dbstudy.jmeter.procedure.Statements;

/** Stock-Level (clause 2.8): read-only; distinct items of the district's last 20 orders below a threshold. */
final class StockLevel {
    static final String NAME = "StockLevel";

    private StockLevel() {
    }

    static void run(Statements st, Inputs in) throws SQLException {
        int w = in.terminal().warehouse();
        int d = in.terminal().district(in.random());
        int threshold = in.random().uniform(10, 20);
        int next;
        try (Statements.Rows rows = st.query("StockLevel.getNextOrderId", w, d)) {
            NewOrder.need(rows.next(), "district " + w + "/" + d);
            next = rows.row().getInt(1);
        }
        try (Statements.Rows rows = st.query("StockLevel.countLowStock", w, d, next, next - 20, w, threshold)) {
            NewOrder.need(rows.next(), "a count");
        }
    }
}
