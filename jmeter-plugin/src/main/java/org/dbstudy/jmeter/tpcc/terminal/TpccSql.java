package org.dbstudy.jmeter.tpcc.terminal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The default SQL of the five transactions, by name ({@code Transaction.statement}). The same text
 * works on PostgreSQL, MySQL and MariaDB; a plan may override any statement, keeping its {@code ?}
 * markers and its result columns in this order.
 */
public final class TpccSql {
    private TpccSql() {
    }

    private static final String CUSTOMER_COLUMNS = "c_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city,"
            + " c_state, c_zip, c_phone, c_credit, c_credit_lim, c_discount, c_balance, c_since";

    public static final Map<String, String> NEW_ORDER = ordered(
            "NewOrder.getWarehouse", "SELECT w_tax FROM warehouse WHERE w_id = ?",
            "NewOrder.getDistrict", "SELECT d_next_o_id, d_tax FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE",
            "NewOrder.updateDistrict", "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?",
            "NewOrder.getCustomer", "SELECT c_discount, c_last, c_credit FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            "NewOrder.insertOrder", "INSERT INTO oorder (o_w_id, o_d_id, o_id, o_c_id, o_carrier_id, o_ol_cnt, o_all_local,"
                    + " o_entry_d) VALUES (?, ?, ?, ?, NULL, ?, ?, ?)",
            "NewOrder.insertNewOrder", "INSERT INTO new_order (no_w_id, no_d_id, no_o_id) VALUES (?, ?, ?)",
            "NewOrder.getItem", "SELECT i_price, i_name, i_data FROM item WHERE i_id = ?",
            "NewOrder.getStock", "SELECT s_quantity, s_data, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05,"
                    + " s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10 FROM stock WHERE s_w_id = ? AND s_i_id = ? FOR UPDATE",
            "NewOrder.updateStock", "UPDATE stock SET s_quantity = ?, s_ytd = s_ytd + ?, s_order_cnt = s_order_cnt + 1,"
                    + " s_remote_cnt = s_remote_cnt + ? WHERE s_w_id = ? AND s_i_id = ?",
            "NewOrder.insertOrderLine", "INSERT INTO order_line (ol_w_id, ol_d_id, ol_o_id, ol_number, ol_i_id, ol_delivery_d,"
                    + " ol_amount, ol_supply_w_id, ol_quantity, ol_dist_info) VALUES (?, ?, ?, ?, ?, NULL, ?, ?, ?, ?)");

    public static final Map<String, String> PAYMENT = ordered(
            "Payment.updateWarehouse", "UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?",
            "Payment.getWarehouse", "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip FROM warehouse WHERE w_id = ?",
            "Payment.updateDistrict", "UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?",
            "Payment.getDistrict", "SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip FROM district"
                    + " WHERE d_w_id = ? AND d_id = ?",
            "Payment.getCustomerById", "SELECT " + CUSTOMER_COLUMNS + " FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            "Payment.getCustomersByName", "SELECT " + CUSTOMER_COLUMNS + " FROM customer WHERE c_w_id = ? AND c_d_id = ?"
                    + " AND c_last = ? ORDER BY c_first",
            "Payment.updateCustomer", "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
                    + " c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            "Payment.getCustomerData", "SELECT c_data FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            "Payment.updateCustomerData", "UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
                    + " c_payment_cnt = c_payment_cnt + 1, c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            "Payment.insertHistory", "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)");

    public static final Map<String, String> ORDER_STATUS = ordered(
            "OrderStatus.getCustomerById", "SELECT c_id, c_balance, c_first, c_middle, c_last FROM customer"
                    + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
            "OrderStatus.getCustomersByName", "SELECT c_id, c_balance, c_first, c_middle, c_last FROM customer"
                    + " WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first",
            "OrderStatus.getLastOrder", "SELECT o_id, o_carrier_id, o_entry_d FROM oorder WHERE o_w_id = ? AND o_d_id = ?"
                    + " AND o_c_id = ? ORDER BY o_id DESC LIMIT 1",
            "OrderStatus.getOrderLines", "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line"
                    + " WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?");

    public static final Map<String, String> DELIVERY = ordered(
            "Delivery.getNewOrder", "SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id"
                    + " LIMIT 1 FOR UPDATE",
            "Delivery.deleteNewOrder", "DELETE FROM new_order WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?",
            "Delivery.getOrder", "SELECT o_c_id FROM oorder WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
            "Delivery.updateCarrier", "UPDATE oorder SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?",
            "Delivery.updateDeliveryDate", "UPDATE order_line SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ?"
                    + " AND ol_o_id = ?",
            "Delivery.sumOrderAmount", "SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?",
            "Delivery.updateCustomer", "UPDATE customer SET c_balance = c_balance + ?, c_delivery_cnt = c_delivery_cnt + 1"
                    + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?");

    public static final Map<String, String> STOCK_LEVEL = ordered(
            "StockLevel.getNextOrderId", "SELECT d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ?",
            "StockLevel.countLowStock", "SELECT COUNT(DISTINCT s_i_id) FROM order_line, stock WHERE ol_w_id = ?"
                    + " AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND s_i_id = ol_i_id AND s_quantity < ?");

    public static Map<String, String> ordered(String... nameSql) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < nameSql.length; i += 2) {
            out.put(nameSql[i], nameSql[i + 1]);
        }
        return out;
    }
}
