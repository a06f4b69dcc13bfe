package org.dbstudy.jmeter.tpcc.terminal;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDateTime;
import org.dbstudy.jmeter.procedure.Statements;

/**
 * Delivery (clause 2.7), run at once rather than queued: for each of the home warehouse's ten
 * districts, the oldest undelivered order is delivered. The oldest NEW-ORDER row is read FOR UPDATE,
 * so two Deliveries on one district deliver two different orders (or the later one fails to serialize
 * under REPEATABLE READ and SERIALIZABLE); a district without one is skipped, as the spec says.
 */
final class Delivery {
    static final String NAME = "Delivery";

    private Delivery() {
    }

    /** The number of districts skipped for lack of an undelivered order. */
    static int run(Statements st, Inputs in) throws SQLException {
        int w = in.terminal().warehouse();
        int carrier = in.random().uniform(1, 10);
        LocalDateTime now = in.clock().now();
        int skipped = 0;
        for (int d = 1; d <= 10; d++) {
            int orderId;
            try (Statements.Rows rows = st.query("Delivery.getNewOrder", w, d)) {
                if (!rows.next()) {
                    skipped++;
                    continue;
                }
                orderId = rows.row().getInt(1);
            }
            if (st.update("Delivery.deleteNewOrder", w, d, orderId) != 1) {
                skipped++;
                continue;
            }
            // Pipelined, the order's four statements go in one round trip (after the DELETE's count, which
            // decides whether they run at all).
            Statements.Pipeline order = st.pipeline("Delivery.order").add("Delivery.getOrder", w, d, orderId)
                    .add("Delivery.updateCarrier", carrier, w, d, orderId).add("Delivery.updateDeliveryDate", now, w, d, orderId)
                    .add("Delivery.sumOrderAmount", w, d, orderId);
            int customer;
            try (Statements.Rows rows = order.rows()) {
                NewOrder.need(rows.next(), "order " + w + "/" + d + "/" + orderId);
                customer = rows.row().getInt(1);
            }
            order.updated();
            order.updated();
            BigDecimal total;
            try (Statements.Rows rows = order.rows()) {
                NewOrder.need(rows.next(), "order lines of " + w + "/" + d + "/" + orderId);
                total = rows.row().getBigDecimal(1);
            }
            st.update("Delivery.updateCustomer", total == null ? BigDecimal.ZERO : total, w, d, customer);
        }
        return skipped;
    }
}
