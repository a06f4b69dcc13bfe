package org.dbstudy.jmeter.chbench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The 22 queries of the CH-benCHmark (Cole et al., DBTest 2011), over TPC-C's tables named as in
 * BenchBase ({@code oorder}). One text serves PostgreSQL, MySQL and MariaDB. Q15's view is a common
 * table expression here, so the query needs no DDL.
 */
final class ChQueries {
    private ChQueries() {
    }

    private static final String SUPPLIER_OF_STOCK = "MOD((s_w_id * s_i_id), 10000) = su_suppkey";
    private static final String NATION_OF_CUSTOMER = "ASCII(SUBSTRING(c_state FROM 1 FOR 1))";

    static final Map<String, String> SQL = new LinkedHashMap<>();

    static {
        q("Q1", "SELECT ol_number, SUM(ol_quantity) AS sum_qty, SUM(ol_amount) AS sum_amount, AVG(ol_quantity) AS avg_qty,"
                + " AVG(ol_amount) AS avg_amount, COUNT(*) AS count_order FROM order_line"
                + " WHERE ol_delivery_d > '2007-01-02 00:00:00' GROUP BY ol_number ORDER BY ol_number");
        q("Q2", "SELECT su_suppkey, su_name, n_name, i_id, i_name, su_address, su_phone, su_comment"
                + " FROM item, supplier, stock, nation, region, (SELECT s_i_id AS m_i_id, MIN(s_quantity) AS m_s_quantity"
                + " FROM stock, supplier, nation, region WHERE " + SUPPLIER_OF_STOCK + " AND su_nationkey = n_nationkey"
                + " AND n_regionkey = r_regionkey AND r_name LIKE 'Europ%' GROUP BY s_i_id) m"
                + " WHERE i_id = s_i_id AND " + SUPPLIER_OF_STOCK + " AND su_nationkey = n_nationkey"
                + " AND n_regionkey = r_regionkey AND i_data LIKE '%b' AND r_name LIKE 'Europ%' AND i_id = m_i_id"
                + " AND s_quantity = m_s_quantity ORDER BY n_name, su_name, i_id");
        q("Q3", "SELECT ol_o_id, ol_w_id, ol_d_id, SUM(ol_amount) AS revenue, o_entry_d"
                + " FROM customer, new_order, oorder, order_line WHERE c_state LIKE 'A%' AND c_id = o_c_id"
                + " AND c_w_id = o_w_id AND c_d_id = o_d_id AND no_w_id = o_w_id AND no_d_id = o_d_id AND no_o_id = o_id"
                + " AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id AND o_entry_d > '2007-01-02 00:00:00'"
                + " GROUP BY ol_o_id, ol_w_id, ol_d_id, o_entry_d ORDER BY revenue DESC, o_entry_d");
        q("Q4", "SELECT o_ol_cnt, COUNT(*) AS order_count FROM oorder"
                + " WHERE o_entry_d >= '2007-01-02 00:00:00' AND o_entry_d < '2012-01-02 00:00:00'"
                + " AND EXISTS (SELECT * FROM order_line WHERE o_id = ol_o_id AND o_w_id = ol_w_id AND o_d_id = ol_d_id"
                + " AND ol_delivery_d >= o_entry_d) GROUP BY o_ol_cnt ORDER BY o_ol_cnt");
        q("Q5", "SELECT n_name, SUM(ol_amount) AS revenue FROM customer, oorder, order_line, stock, supplier, nation, region"
                + " WHERE c_id = o_c_id AND c_w_id = o_w_id AND c_d_id = o_d_id AND ol_o_id = o_id AND ol_w_id = o_w_id"
                + " AND ol_d_id = o_d_id AND ol_w_id = s_w_id AND ol_i_id = s_i_id AND " + SUPPLIER_OF_STOCK
                + " AND " + NATION_OF_CUSTOMER + " = su_nationkey AND su_nationkey = n_nationkey AND n_regionkey = r_regionkey"
                + " AND r_name = 'Europe' AND o_entry_d >= '2007-01-02 00:00:00' GROUP BY n_name ORDER BY revenue DESC");
        q("Q6", "SELECT SUM(ol_amount) AS revenue FROM order_line WHERE ol_delivery_d >= '1999-01-01 00:00:00'"
                + " AND ol_delivery_d < '2020-01-01 00:00:00' AND ol_quantity BETWEEN 1 AND 100000");
        q("Q7", "SELECT su_nationkey AS supp_nation, SUBSTRING(c_state FROM 1 FOR 1) AS cust_nation,"
                + " EXTRACT(YEAR FROM o_entry_d) AS l_year, SUM(ol_amount) AS revenue"
                + " FROM supplier, stock, order_line, oorder, customer, nation n1, nation n2"
                + " WHERE ol_supply_w_id = s_w_id AND ol_i_id = s_i_id AND " + SUPPLIER_OF_STOCK
                + " AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id AND c_id = o_c_id AND c_w_id = o_w_id"
                + " AND c_d_id = o_d_id AND su_nationkey = n1.n_nationkey AND " + NATION_OF_CUSTOMER + " = n2.n_nationkey"
                + " AND ((n1.n_name = 'Germany' AND n2.n_name = 'Cambodia') OR (n1.n_name = 'Cambodia' AND n2.n_name = 'Germany'))"
                + " GROUP BY su_nationkey, SUBSTRING(c_state FROM 1 FOR 1), EXTRACT(YEAR FROM o_entry_d)"
                + " ORDER BY su_nationkey, cust_nation, l_year");
        q("Q8", "SELECT EXTRACT(YEAR FROM o_entry_d) AS l_year,"
                + " SUM(CASE WHEN n2.n_name = 'Germany' THEN ol_amount ELSE 0 END) / SUM(ol_amount) AS mkt_share"
                + " FROM item, supplier, stock, order_line, oorder, customer, nation n1, nation n2, region"
                + " WHERE i_id = s_i_id AND ol_i_id = s_i_id AND ol_supply_w_id = s_w_id AND " + SUPPLIER_OF_STOCK
                + " AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id AND c_id = o_c_id AND c_w_id = o_w_id"
                + " AND c_d_id = o_d_id AND n1.n_nationkey = " + NATION_OF_CUSTOMER + " AND n1.n_regionkey = r_regionkey"
                + " AND ol_i_id < 1000 AND r_name = 'Europe' AND su_nationkey = n2.n_nationkey AND i_data LIKE '%b'"
                + " AND i_id = ol_i_id GROUP BY EXTRACT(YEAR FROM o_entry_d) ORDER BY l_year");
        q("Q9", "SELECT n_name, EXTRACT(YEAR FROM o_entry_d) AS l_year, SUM(ol_amount) AS sum_profit"
                + " FROM item, stock, supplier, order_line, oorder, nation WHERE ol_i_id = s_i_id AND ol_supply_w_id = s_w_id"
                + " AND " + SUPPLIER_OF_STOCK + " AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id"
                + " AND ol_i_id = i_id AND su_nationkey = n_nationkey AND i_data LIKE '%BB'"
                + " GROUP BY n_name, EXTRACT(YEAR FROM o_entry_d) ORDER BY n_name, l_year DESC");
        q("Q10", "SELECT c_id, c_last, SUM(ol_amount) AS revenue, c_city, c_phone, n_name"
                + " FROM customer, oorder, order_line, nation WHERE c_id = o_c_id AND c_w_id = o_w_id AND c_d_id = o_d_id"
                + " AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id AND o_entry_d >= '2007-01-02 00:00:00'"
                + " AND o_entry_d <= ol_delivery_d AND n_nationkey = " + NATION_OF_CUSTOMER
                + " GROUP BY c_id, c_last, c_city, c_phone, n_name ORDER BY revenue DESC");
        q("Q11", "SELECT s_i_id, SUM(s_order_cnt) AS ordercount FROM stock, supplier, nation"
                + " WHERE " + SUPPLIER_OF_STOCK + " AND su_nationkey = n_nationkey AND n_name = 'Germany' GROUP BY s_i_id"
                + " HAVING SUM(s_order_cnt) > (SELECT SUM(s_order_cnt) * 0.005 FROM stock, supplier, nation"
                + " WHERE " + SUPPLIER_OF_STOCK + " AND su_nationkey = n_nationkey AND n_name = 'Germany')"
                + " ORDER BY ordercount DESC");
        q("Q12", "SELECT o_ol_cnt, SUM(CASE WHEN o_carrier_id = 1 OR o_carrier_id = 2 THEN 1 ELSE 0 END) AS high_line_count,"
                + " SUM(CASE WHEN o_carrier_id <> 1 AND o_carrier_id <> 2 THEN 1 ELSE 0 END) AS low_line_count"
                + " FROM oorder, order_line WHERE ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id"
                + " AND o_entry_d <= ol_delivery_d AND ol_delivery_d < '2020-01-01 00:00:00' GROUP BY o_ol_cnt ORDER BY o_ol_cnt");
        q("Q13", "SELECT c_count, COUNT(*) AS custdist FROM (SELECT c_id, COUNT(o_id) AS c_count FROM customer"
                + " LEFT OUTER JOIN oorder ON (c_w_id = o_w_id AND c_d_id = o_d_id AND c_id = o_c_id AND o_carrier_id > 8)"
                + " GROUP BY c_id) c_orders GROUP BY c_count ORDER BY custdist DESC, c_count DESC");
        q("Q14", "SELECT (100.00 * SUM(CASE WHEN i_data LIKE 'PR%' THEN ol_amount ELSE 0 END) / (1 + SUM(ol_amount)))"
                + " AS promo_revenue FROM order_line, item WHERE ol_i_id = i_id"
                + " AND ol_delivery_d >= '2007-01-02 00:00:00' AND ol_delivery_d < '2020-01-02 00:00:00'");
        q("Q15", "WITH revenue0 (supplier_no, total_revenue) AS (SELECT MOD((s_w_id * s_i_id), 10000), SUM(ol_amount)"
                + " FROM order_line, stock WHERE ol_i_id = s_i_id AND ol_supply_w_id = s_w_id"
                + " AND ol_delivery_d >= '2007-01-02 00:00:00' GROUP BY MOD((s_w_id * s_i_id), 10000))"
                + " SELECT su_suppkey, su_name, su_address, su_phone, total_revenue FROM supplier, revenue0"
                + " WHERE su_suppkey = supplier_no AND total_revenue = (SELECT MAX(total_revenue) FROM revenue0)"
                + " ORDER BY su_suppkey");
        q("Q16", "SELECT i_name, SUBSTRING(i_data FROM 1 FOR 3) AS brand, i_price,"
                + " COUNT(DISTINCT MOD((s_w_id * s_i_id), 10000)) AS supplier_cnt FROM stock, item"
                + " WHERE i_id = s_i_id AND i_data NOT LIKE 'zz%' AND MOD((s_w_id * s_i_id), 10000) NOT IN"
                + " (SELECT su_suppkey FROM supplier WHERE su_comment LIKE '%bad%')"
                + " GROUP BY i_name, SUBSTRING(i_data FROM 1 FOR 3), i_price ORDER BY supplier_cnt DESC");
        q("Q17", "SELECT SUM(ol_amount) / 2.0 AS avg_yearly FROM order_line, (SELECT i_id, AVG(ol_quantity) AS a"
                + " FROM item, order_line WHERE i_data LIKE '%b' AND ol_i_id = i_id GROUP BY i_id) t"
                + " WHERE ol_i_id = t.i_id AND ol_quantity < t.a");
        q("Q18", "SELECT c_last, c_id, o_id, o_entry_d, o_ol_cnt, SUM(ol_amount) AS amount_sum"
                + " FROM customer, oorder, order_line WHERE c_id = o_c_id AND c_w_id = o_w_id AND c_d_id = o_d_id"
                + " AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id"
                + " GROUP BY o_id, o_w_id, o_d_id, c_id, c_last, o_entry_d, o_ol_cnt HAVING SUM(ol_amount) > 200"
                + " ORDER BY amount_sum DESC, o_entry_d");
        q("Q19", "SELECT SUM(ol_amount) AS revenue FROM order_line, item"
                + " WHERE (ol_i_id = i_id AND i_data LIKE '%a' AND ol_quantity >= 1 AND ol_quantity <= 10"
                + " AND i_price BETWEEN 1 AND 400000 AND ol_w_id IN (1, 2, 3))"
                + " OR (ol_i_id = i_id AND i_data LIKE '%b' AND ol_quantity >= 1 AND ol_quantity <= 10"
                + " AND i_price BETWEEN 1 AND 400000 AND ol_w_id IN (1, 2, 4))"
                + " OR (ol_i_id = i_id AND i_data LIKE '%c' AND ol_quantity >= 1 AND ol_quantity <= 10"
                + " AND i_price BETWEEN 1 AND 400000 AND ol_w_id IN (1, 5, 3))");
        q("Q20", "SELECT su_name, su_address FROM supplier, nation WHERE su_suppkey IN"
                + " (SELECT MOD(s_i_id * s_w_id, 10000) FROM stock, order_line"
                + " WHERE s_i_id IN (SELECT i_id FROM item WHERE i_data LIKE 'co%') AND ol_i_id = s_i_id"
                + " AND ol_delivery_d > '2010-05-23 12:00:00' GROUP BY s_i_id, s_w_id, s_quantity"
                + " HAVING 2 * s_quantity > SUM(ol_quantity)) AND su_nationkey = n_nationkey AND n_name = 'Germany'"
                + " ORDER BY su_name");
        q("Q21", "SELECT su_name, COUNT(*) AS numwait FROM supplier, order_line l1, oorder, stock, nation"
                + " WHERE ol_o_id = o_id AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_w_id = s_w_id AND ol_i_id = s_i_id"
                + " AND " + SUPPLIER_OF_STOCK + " AND l1.ol_delivery_d > o_entry_d AND NOT EXISTS (SELECT * FROM order_line l2"
                + " WHERE l2.ol_o_id = l1.ol_o_id AND l2.ol_w_id = l1.ol_w_id AND l2.ol_d_id = l1.ol_d_id"
                + " AND l2.ol_delivery_d > l1.ol_delivery_d) AND su_nationkey = n_nationkey AND n_name = 'Germany'"
                + " GROUP BY su_name ORDER BY numwait DESC, su_name");
        q("Q22", "SELECT SUBSTRING(c_state FROM 1 FOR 1) AS country, COUNT(*) AS numcust, SUM(c_balance) AS totacctbal"
                + " FROM customer WHERE SUBSTRING(c_phone FROM 1 FOR 1) IN ('1', '2', '3', '4', '5', '6', '7')"
                + " AND c_balance > (SELECT AVG(c_balance) FROM customer WHERE c_balance > 0.00"
                + " AND SUBSTRING(c_phone FROM 1 FOR 1) IN ('1', '2', '3', '4', '5', '6', '7'))"
                + " AND NOT EXISTS (SELECT * FROM oorder WHERE o_c_id = c_id AND o_w_id = c_w_id AND o_d_id = c_d_id)"
                + " GROUP BY SUBSTRING(c_state FROM 1 FOR 1) ORDER BY SUBSTRING(c_state FROM 1 FOR 1)");
    }

    private static void q(String name, String sql) {
        SQL.put(name, sql);
    }
}
