package org.dbstudy.generator.workload;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.dbstudy.generator.sql.SqlDialect;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.jmeter.TransactionMode;

/**
 * S0's table of people: reads {@code SELECT … LIMIT rows} from 2000 preloaded rows, writes insert
 * {@code rows} rows in one statement and one transaction into a table emptied before the cell. The table
 * is named by the study, quoted wherever the SQL uses it, and emptied only when dbstudy created it (it
 * marks it so) or the study says {@code reuse: true}.
 */
final class CrudWorkload implements Workload {
    static final int READ_TABLE_ROWS = 2000;

    @Override
    public String name() {
        return "crud";
    }

    @Override
    public String description() {
        return "S0: a table of people; read = SELECT ... LIMIT rows from 2000 rows, write = INSERT of rows rows";
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter("table", "dbstudy_person", LevelRule.sqlName(), "the table read and written"),
                Parameter.REUSE);
    }

    @Override
    public Map<String, List<String>> choices() {
        return Map.of("operation", List.of("read", "write"));
    }

    @Override
    public SetUpTables setUpTables(CellValues cell) {
        return new SetUpTables("empties", List.of(cell.parameter("table")));
    }

    @Override
    public SamplerSpec setUp(CellValues cell) {
        String name = cell.parameter("table");
        SqlDialect sql = cell.sql();
        String table = sql.quote(name);
        List<String> statements = new ArrayList<>();
        statements.add("CREATE TABLE IF NOT EXISTS " + table + " (" + sql.generatedKey("id")
                + ", first_name varchar(50), last_name varchar(50))");
        statements.add(sql.emptyTable(table));
        String owned = Parameter.ownedTables(cell, List.of(name));
        if (!owned.isEmpty()) {
            // The sampler has checked that the table is absent or dbstudy's: now it is dbstudy's. Marked
            // once empty, so that a MySQL ALTER TABLE never has the last cell's rows to carry.
            statements.add(sql.markCreated(name));
        }
        SamplerSpec spec = new SamplerSpec(SampleLabels.setUp(name)).set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT)
                .set(SamplerField.OWNED_TABLES, owned);
        if (isRead(cell)) {
            statements.add(insert(table));
            return spec.statements(statements).set(SamplerField.BATCH_ROWS, Integer.toString(READ_TABLE_ROWS));
        }
        return spec.statements(statements);
    }

    @Override
    public SamplerSpec sample(CellValues cell) {
        String table = cell.sql().quote(cell.parameter("table"));
        String rows = cell.factor("rows", "1");
        if (isRead(cell)) {
            return new SamplerSpec("read").set(SamplerField.TRANSACTION_MODE, TransactionMode.AUTOCOMMIT)
                    .statements(List.of("SELECT id, first_name, last_name FROM " + table + " LIMIT " + rows));
        }
        return new SamplerSpec("write").set(SamplerField.TRANSACTION_MODE, TransactionMode.TRANSACTION)
                .statements(List.of(insert(table))).set(SamplerField.BATCH_ROWS, rows);
    }

    private static String insert(String table) {
        return "INSERT INTO " + table + " (first_name, last_name) VALUES ('first', 'last')";
    }

    private static boolean isRead(CellValues cell) {
        return "read".equals(cell.factor("operation", "read"));
    }

    @Override
    public List<RandomVariable> randomVariables(CellValues cell) {
        return List.of();
    }
}
