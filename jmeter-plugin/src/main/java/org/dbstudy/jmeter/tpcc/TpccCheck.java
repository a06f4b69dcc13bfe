package org.dbstudy.jmeter.tpcc;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.jmeter.procedure.NamedSql;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.Statements;
import org.dbstudy.jmeter.procedure.TryContext;
import org.dbstudy.jmeter.tpcc.terminal.TpccSql;
import org.dbstudy.vocabulary.ResponseMessages;

/**
 * TPCC_CHECK: the consistency conditions of TPC-C clause 3.3.2 that hold at any time (1–10 and 12),
 * each counted by a query of the rows that violate it (10 and 12 by one query, a column each). The
 * sample succeeds when the check ran; its message ends with
 * {@code violations=<conditions violated> violating_rows=<rows>} and, when some fail,
 * {@code failed=<name>(<n>):<rows>,…}; its response data lists every condition.
 */
final class TpccCheck implements Procedure {

    /**
     * Condition number, name, what it says; column {@code column} of statement {@code Check.<statement>}
     * counts its violations. Conditions 10 and 12 share one statement: both need each customer's delivered
     * amount, the costliest sum of the check, and one query computes it once (about a second less on W = 2).
     */
    record Condition(int number, String name, String says, String statement, int column) {
        Condition(int number, String name, String says) {
            this(number, name, says, name, 1);
        }
    }

    static final List<Condition> CONDITIONS = List.of(
            new Condition(1, "warehouseYtd", "W_YTD = sum(D_YTD) per warehouse"),
            new Condition(2, "nextOrderId", "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID) per district"),
            new Condition(3, "newOrderRange", "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER) per district"),
            new Condition(4, "orderLineCount", "sum(O_OL_CNT) = count(ORDER-LINE) per district"),
            new Condition(5, "carrierVsNewOrder", "O_CARRIER_ID is null exactly when a NEW-ORDER row exists"),
            new Condition(6, "linesPerOrder", "O_OL_CNT = count(ORDER-LINE) per order"),
            new Condition(7, "deliveryVsCarrier", "OL_DELIVERY_D is null exactly when O_CARRIER_ID is null"),
            new Condition(8, "warehouseHistory", "W_YTD = sum(H_AMOUNT) per warehouse"),
            new Condition(9, "districtHistory", "D_YTD = sum(H_AMOUNT) per district"),
            new Condition(10, "customerBalance", "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT) per customer",
                    "customers", 1),
            new Condition(12, "customerPaid", "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT) per customer",
                    "customers", 2));

    private static final String DELIVERED = "(SELECT o_w_id, o_d_id, o_c_id, SUM(ol_amount) AS s FROM oorder JOIN order_line"
            + " ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id WHERE ol_delivery_d IS NOT NULL"
            + " GROUP BY o_w_id, o_d_id, o_c_id) del ON del.o_w_id = c.c_w_id AND del.o_d_id = c.c_d_id AND del.o_c_id = c.c_id";
    private static final String PAID = "(SELECT h_c_w_id, h_c_d_id, h_c_id, SUM(h_amount) AS s FROM history"
            + " GROUP BY h_c_w_id, h_c_d_id, h_c_id) h ON h.h_c_w_id = c.c_w_id AND h.h_c_d_id = c.c_d_id AND h.h_c_id = c.c_id";

    static final Map<String, String> SQL = TpccSql.ordered(
            "Check.warehouseYtd", "SELECT COUNT(*) FROM warehouse w WHERE w.w_ytd <>"
                    + " (SELECT COALESCE(SUM(d_ytd), 0) FROM district WHERE d_w_id = w.w_id)",
            "Check.nextOrderId", "SELECT COUNT(*) FROM district d WHERE d.d_next_o_id - 1 <>"
                    + " (SELECT COALESCE(MAX(o_id), 0) FROM oorder WHERE o_w_id = d.d_w_id AND o_d_id = d.d_id)"
                    + " OR d.d_next_o_id - 1 <> (SELECT COALESCE(MAX(no_o_id), d.d_next_o_id - 1) FROM new_order"
                    + " WHERE no_w_id = d.d_w_id AND no_d_id = d.d_id)",
            "Check.newOrderRange", "SELECT COUNT(*) FROM (SELECT MAX(no_o_id) - MIN(no_o_id) + 1 AS span, COUNT(*) AS n"
                    + " FROM new_order GROUP BY no_w_id, no_d_id) x WHERE x.span <> x.n",
            "Check.orderLineCount", "SELECT COUNT(*) FROM (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS s FROM oorder"
                    + " GROUP BY o_w_id, o_d_id) o LEFT JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS n FROM order_line"
                    + " GROUP BY ol_w_id, ol_d_id) l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id"
                    + " WHERE l.n IS NULL OR l.n <> o.s",
            "Check.carrierVsNewOrder", "SELECT COUNT(*) FROM oorder o LEFT JOIN new_order n ON n.no_w_id = o.o_w_id"
                    + " AND n.no_d_id = o.o_d_id AND n.no_o_id = o.o_id WHERE (o.o_carrier_id IS NULL AND n.no_o_id IS NULL)"
                    + " OR (o.o_carrier_id IS NOT NULL AND n.no_o_id IS NOT NULL)",
            "Check.linesPerOrder", "SELECT COUNT(*) FROM oorder o LEFT JOIN (SELECT ol_w_id, ol_d_id, ol_o_id, COUNT(*) AS n"
                    + " FROM order_line GROUP BY ol_w_id, ol_d_id, ol_o_id) l ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id"
                    + " AND l.ol_o_id = o.o_id WHERE l.n IS NULL OR l.n <> o.o_ol_cnt",
            "Check.deliveryVsCarrier", "SELECT COUNT(*) FROM order_line l JOIN oorder o ON o.o_w_id = l.ol_w_id"
                    + " AND o.o_d_id = l.ol_d_id AND o.o_id = l.ol_o_id WHERE (l.ol_delivery_d IS NULL AND o.o_carrier_id IS NOT NULL)"
                    + " OR (l.ol_delivery_d IS NOT NULL AND o.o_carrier_id IS NULL)",
            "Check.warehouseHistory", "SELECT COUNT(*) FROM warehouse w WHERE w.w_ytd <>"
                    + " (SELECT COALESCE(SUM(h_amount), 0) FROM history WHERE h_w_id = w.w_id)",
            // One pass over HISTORY grouped by district, not one per district (history has no index on it).
            "Check.districtHistory", "SELECT COUNT(*) FROM district d LEFT JOIN (SELECT h_w_id, h_d_id, SUM(h_amount) AS s"
                    + " FROM history GROUP BY h_w_id, h_d_id) h ON h.h_w_id = d.d_w_id AND h.h_d_id = d.d_id"
                    + " WHERE d.d_ytd <> COALESCE(h.s, 0)",
            "Check.customers", "SELECT COALESCE(SUM(CASE WHEN c.c_balance <> COALESCE(del.s, 0) - COALESCE(h.s, 0)"
                    + " THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN c.c_balance + c.c_ytd_payment <> COALESCE(del.s, 0)"
                    + " THEN 1 ELSE 0 END), 0) FROM customer c LEFT JOIN " + DELIVERED + " LEFT JOIN " + PAID);

    private final NamedSql sql;

    TpccCheck(NamedSql sql) {
        this.sql = sql;
    }

    @Override
    public void run(TryContext ctx) throws SQLException {
        Statements st = sql.in(ctx);
        int violated = 0;
        long rows = 0;
        List<String> failed = new ArrayList<>();
        StringBuilder report = new StringBuilder("condition\tname\tviolating_rows\tsays\n");
        Map<String, long[]> counted = new HashMap<>();
        for (Condition c : CONDITIONS) {
            long[] counts = counted.get(c.statement());
            if (counts == null) {
                try (Statements.Rows r = st.query("Check." + c.statement())) {
                    r.next();
                    int columns = r.row().getMetaData().getColumnCount();
                    counts = new long[columns];
                    for (int i = 0; i < columns; i++) {
                        counts[i] = r.row().getLong(i + 1);
                    }
                }
                counted.put(c.statement(), counts);
            }
            if (counts.length < c.column()) {
                throw new SQLException("statement Check." + c.statement() + " returns " + counts.length + " column(s);"
                        + " condition " + c.number() + " (" + c.name() + ") counts its violations in column " + c.column());
            }
            long n = counts[c.column() - 1];
            report.append(c.number()).append('\t').append(c.name()).append('\t').append(n).append('\t').append(c.says())
                    .append('\n');
            if (n > 0) {
                violated++;
                rows += n;
                failed.add(c.name() + "(" + c.number() + "):" + n);
            }
        }
        ctx.note(ResponseMessages.violations(violated) + " violating_rows=" + rows
                + (failed.isEmpty() ? "" : " failed=" + String.join(",", failed)));
        ctx.responseData(report.toString());
    }
}
