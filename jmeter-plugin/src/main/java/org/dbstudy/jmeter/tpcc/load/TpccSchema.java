package org.dbstudy.jmeter.tpcc.load;

import java.util.List;

/**
 * The nine TPC-C tables (clause 1.3; ORDER is called {@code oorder}, as in BenchBase, because ORDER
 * is a reserved word and the CH-benCHmark queries use that name), the three CH-benCHmark tables, and
 * their keys, indexes and foreign keys. Column types are written once in PostgreSQL's words and
 * mapped for the MySQL family by {@link TpccDialect}.
 */
final class TpccSchema {
    private TpccSchema() {
    }

    /** A table, its columns in load order, and its primary key (empty for HISTORY, which has none). */
    record Table(String name, List<String> columns, String primaryKey) {
        String columnNames() {
            StringBuilder out = new StringBuilder();
            for (String c : columns) {
                out.append(out.length() == 0 ? "" : ", ").append(c, 0, c.indexOf(' '));
            }
            return out.toString();
        }
    }

    static final Table WAREHOUSE = new Table("warehouse", List.of("w_id int NOT NULL", "w_ytd decimal(12,2) NOT NULL",
            "w_tax decimal(4,4) NOT NULL", "w_name varchar(10) NOT NULL", "w_street_1 varchar(20) NOT NULL",
            "w_street_2 varchar(20) NOT NULL", "w_city varchar(20) NOT NULL", "w_state char(2) NOT NULL",
            "w_zip char(9) NOT NULL"), "w_id");
    static final Table DISTRICT = new Table("district", List.of("d_w_id int NOT NULL", "d_id int NOT NULL",
            "d_ytd decimal(12,2) NOT NULL", "d_tax decimal(4,4) NOT NULL", "d_next_o_id int NOT NULL",
            "d_name varchar(10) NOT NULL", "d_street_1 varchar(20) NOT NULL", "d_street_2 varchar(20) NOT NULL",
            "d_city varchar(20) NOT NULL", "d_state char(2) NOT NULL", "d_zip char(9) NOT NULL"), "d_w_id, d_id");
    static final Table CUSTOMER = new Table("customer", List.of("c_w_id int NOT NULL", "c_d_id int NOT NULL",
            "c_id int NOT NULL", "c_discount decimal(4,4) NOT NULL", "c_credit char(2) NOT NULL",
            "c_last varchar(16) NOT NULL", "c_first varchar(16) NOT NULL", "c_credit_lim decimal(12,2) NOT NULL",
            "c_balance decimal(12,2) NOT NULL", "c_ytd_payment decimal(12,2) NOT NULL", "c_payment_cnt int NOT NULL",
            "c_delivery_cnt int NOT NULL", "c_street_1 varchar(20) NOT NULL", "c_street_2 varchar(20) NOT NULL",
            "c_city varchar(20) NOT NULL", "c_state char(2) NOT NULL", "c_zip char(9) NOT NULL",
            "c_phone char(16) NOT NULL", "c_since timestamp NOT NULL", "c_middle char(2) NOT NULL",
            "c_data varchar(500) NOT NULL"), "c_w_id, c_d_id, c_id");
    static final Table HISTORY = new Table("history", List.of("h_c_id int NOT NULL", "h_c_d_id int NOT NULL",
            "h_c_w_id int NOT NULL", "h_d_id int NOT NULL", "h_w_id int NOT NULL", "h_date timestamp NOT NULL",
            "h_amount decimal(6,2) NOT NULL", "h_data varchar(24) NOT NULL"), "");
    static final Table OORDER = new Table("oorder", List.of("o_w_id int NOT NULL", "o_d_id int NOT NULL",
            "o_id int NOT NULL", "o_c_id int NOT NULL", "o_carrier_id int NULL", "o_ol_cnt int NOT NULL",
            "o_all_local int NOT NULL", "o_entry_d timestamp NOT NULL"), "o_w_id, o_d_id, o_id");
    static final Table NEW_ORDER = new Table("new_order", List.of("no_w_id int NOT NULL", "no_d_id int NOT NULL",
            "no_o_id int NOT NULL"), "no_w_id, no_d_id, no_o_id");
    static final Table ORDER_LINE = new Table("order_line", List.of("ol_w_id int NOT NULL", "ol_d_id int NOT NULL",
            "ol_o_id int NOT NULL", "ol_number int NOT NULL", "ol_i_id int NOT NULL", "ol_delivery_d timestamp NULL",
            "ol_amount decimal(6,2) NOT NULL", "ol_supply_w_id int NOT NULL", "ol_quantity int NOT NULL",
            "ol_dist_info char(24) NOT NULL"), "ol_w_id, ol_d_id, ol_o_id, ol_number");
    static final Table ITEM = new Table("item", List.of("i_id int NOT NULL", "i_name varchar(24) NOT NULL",
            "i_price decimal(5,2) NOT NULL", "i_data varchar(50) NOT NULL", "i_im_id int NOT NULL"), "i_id");
    static final Table STOCK = new Table("stock", List.of("s_w_id int NOT NULL", "s_i_id int NOT NULL",
            "s_quantity int NOT NULL", "s_ytd int NOT NULL", "s_order_cnt int NOT NULL", "s_remote_cnt int NOT NULL",
            "s_data varchar(50) NOT NULL", "s_dist_01 char(24) NOT NULL", "s_dist_02 char(24) NOT NULL",
            "s_dist_03 char(24) NOT NULL", "s_dist_04 char(24) NOT NULL", "s_dist_05 char(24) NOT NULL",
            "s_dist_06 char(24) NOT NULL", "s_dist_07 char(24) NOT NULL", "s_dist_08 char(24) NOT NULL",
            "s_dist_09 char(24) NOT NULL", "s_dist_10 char(24) NOT NULL"), "s_w_id, s_i_id");

    // CH-benCHmark's extra tables (supplier, nation, region), joined to TPC-C through stock and c_state.
    static final Table REGION = new Table("region", List.of("r_regionkey int NOT NULL", "r_name char(55) NOT NULL",
            "r_comment char(152) NOT NULL"), "r_regionkey");
    static final Table NATION = new Table("nation", List.of("n_nationkey int NOT NULL", "n_name char(25) NOT NULL",
            "n_regionkey int NOT NULL", "n_comment char(152) NOT NULL"), "n_nationkey");
    static final Table SUPPLIER = new Table("supplier", List.of("su_suppkey int NOT NULL", "su_name char(25) NOT NULL",
            "su_address varchar(40) NOT NULL", "su_nationkey int NOT NULL", "su_phone char(15) NOT NULL",
            "su_acctbal decimal(12,2) NOT NULL", "su_comment char(101) NOT NULL"), "su_suppkey");

    static final List<Table> TPCC = List.of(WAREHOUSE, DISTRICT, CUSTOMER, HISTORY, OORDER, NEW_ORDER, ORDER_LINE,
            ITEM, STOCK);
    static final List<Table> CH = List.of(REGION, NATION, SUPPLIER);

    /** Records who loaded the tables, for how many warehouses, and whether the load finished. */
    static final String META = "dbstudy_tpcc";

    /** Secondary indexes of a table, added after its data: the customer-by-last-name and last-order-of-customer paths. */
    static List<String> indexes(Table t) {
        if (t.equals(CUSTOMER)) {
            return List.of("CREATE INDEX idx_customer_name ON customer (c_w_id, c_d_id, c_last, c_first)");
        }
        if (t.equals(OORDER)) {
            return List.of("CREATE UNIQUE INDEX idx_order_customer ON oorder (o_w_id, o_d_id, o_c_id, o_id)");
        }
        return List.of();
    }

    /** A foreign key of {@code table} to {@code references}. */
    record ForeignKey(String name, Table table, String columns, Table references, String referencedColumns) {
        String sql() {
            return "ALTER TABLE " + table.name() + " ADD CONSTRAINT " + name + " FOREIGN KEY (" + columns + ") REFERENCES "
                    + references.name() + " (" + referencedColumns + ")";
        }
    }

    /**
     * Foreign keys as BenchBase declares them (they cost load time, not run-time locking of note), the
     * costliest to check first.
     */
    static final List<ForeignKey> FOREIGN_KEYS = List.of(
            new ForeignKey("fk_order_line_stock", ORDER_LINE, "ol_supply_w_id, ol_i_id", STOCK, "s_w_id, s_i_id"),
            new ForeignKey("fk_order_line_oorder", ORDER_LINE, "ol_w_id, ol_d_id, ol_o_id", OORDER, "o_w_id, o_d_id, o_id"),
            new ForeignKey("fk_stock_item", STOCK, "s_i_id", ITEM, "i_id"),
            new ForeignKey("fk_stock_warehouse", STOCK, "s_w_id", WAREHOUSE, "w_id"),
            new ForeignKey("fk_history_customer", HISTORY, "h_c_w_id, h_c_d_id, h_c_id", CUSTOMER, "c_w_id, c_d_id, c_id"),
            new ForeignKey("fk_oorder_customer", OORDER, "o_w_id, o_d_id, o_c_id", CUSTOMER, "c_w_id, c_d_id, c_id"),
            new ForeignKey("fk_history_district", HISTORY, "h_w_id, h_d_id", DISTRICT, "d_w_id, d_id"),
            new ForeignKey("fk_new_order_oorder", NEW_ORDER, "no_w_id, no_d_id, no_o_id", OORDER, "o_w_id, o_d_id, o_id"),
            new ForeignKey("fk_customer_district", CUSTOMER, "c_w_id, c_d_id", DISTRICT, "d_w_id, d_id"),
            new ForeignKey("fk_district_warehouse", DISTRICT, "d_w_id", WAREHOUSE, "w_id"));

    /** Row counts the spec gives (clause 4.3.3.1); ORDER-LINE varies with O_OL_CNT and has no fixed count. */
    static long expectedRows(Table t, int warehouses) {
        return switch (t.name()) {
            case "warehouse" -> warehouses;
            case "district" -> 10L * warehouses;
            case "customer", "history", "oorder" -> 30_000L * warehouses;
            case "new_order" -> 9_000L * warehouses;
            case "item" -> 100_000L;
            case "stock" -> 100_000L * warehouses;
            case "region" -> 5;
            case "nation" -> 62;
            case "supplier" -> 10_000;
            default -> -1;
        };
    }
}
