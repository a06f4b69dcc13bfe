package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.dbstudy.generator.study.Studies;
import org.junit.jupiter.api.Test;

/** What each workload's setUp does to existing tables, as the runner says it before the first cell. */
class SetUpTablesTest {
    @Test
    void eachWorkloadNamesTheTablesItsSetUpDropsOrEmpties() throws Exception {
        assertEquals(List.of("empties table dbstudy_person"), PlanGenerator.setUpTables(Studies.load("smoke")));
        assertEquals(List.of("drops and re-creates tables pgbench_history, pgbench_accounts, pgbench_tellers, pgbench_branches"),
                PlanGenerator.setUpTables(Studies.load("tpcb-contention")));
        assertEquals(List.of("drops and re-creates tables school_departments, school_teachers, school_students, school_courses,"
                + " school_rooms, school_sections, school_enrollments, school_grades"), PlanGenerator.setUpTables(Studies.load("lock-contention")));
        assertEquals(List.of("drops and re-creates tables warehouse, district, customer, history, oorder, new_order, order_line,"
                + " item, stock, region, nation, supplier, dbstudy_tpcc, dbstudy_tpcc_stock0, dbstudy_tpcc_cdata0,"
                + " dbstudy_tpcc_state0"), PlanGenerator.setUpTables(Studies.load("tpcc")));
        assertEquals(List.of("drops and re-creates tables transfer_log, transfer_account"),
                PlanGenerator.setUpTables(Studies.load("transfer")), "a custom workload's declared tables");
    }

    @Test
    void theTableParameterIsTheTableNamed() throws Exception {
        String study = """
                name: mine
                workload: {template: crud, parameters: {table: orders_copy}}
                factors:
                  users: [1]
                """;
        assertEquals(List.of("empties table orders_copy"), PlanGenerator.setUpTables(Studies.parse("mine.yaml", study)));
    }
}
