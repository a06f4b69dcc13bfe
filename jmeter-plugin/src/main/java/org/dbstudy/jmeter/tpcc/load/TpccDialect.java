package org.dbstudy.jmeter.tpcc.load;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * What the TPC-C workload does differently per database family: DDL, the bulk path of the loader,
 * the steps after loading, and how to find existing tables. The only place in this package that asks
 * which database it talks to.
 */
enum TpccDialect {
    /** PostgreSQL: tables without keys, COPY, then per table keys, indexes and ANALYZE; foreign keys last. */
    POSTGRESQL {
        @Override
        String createTable(TpccSchema.Table t) {
            return "CREATE TABLE " + t.name() + " (" + String.join(", ", t.columns()) + ")";
        }

        @Override
        List<String> keys(TpccSchema.Table t) {
            List<String> out = new ArrayList<>();
            if (!t.primaryKey().isEmpty()) {
                out.add("ALTER TABLE " + t.name() + " ADD PRIMARY KEY (" + t.primaryKey() + ")");
            }
            out.addAll(TpccSchema.indexes(t));
            return out;
        }

        @Override
        String analyze(Collection<TpccSchema.Table> tables) {
            return "ANALYZE " + names(tables);
        }

        @Override
        List<String> drop(Collection<String> tables) {
            return List.of("DROP TABLE IF EXISTS " + String.join(", ", tables) + " CASCADE");
        }

        @Override
        String currentSchema() { return "current_schema()"; }

        @Override
        String updateFrom(String table, String source, String on, List<String> set, String where) {
            return "UPDATE " + table + " t SET " + String.join(", ", set) + " FROM " + source + " o WHERE " + on
                    + " AND " + where;
        }

        @Override
        BulkPath bulkPath(Connection c, String probeTable) {
            return new BulkPath("copy", "COPY FROM STDIN (FREEZE)", PgCopyWriter::new);
        }
    },
    /**
     * MySQL and MariaDB: InnoDB clusters rows by primary key, so keys come with the table; LOAD DATA
     * LOCAL INFILE from a stream, or multi-row INSERT where that is refused.
     */
    MYSQL_FAMILY {
        @Override
        String createTable(TpccSchema.Table t) {
            StringBuilder out = new StringBuilder("CREATE TABLE " + t.name() + " (");
            for (int i = 0; i < t.columns().size(); i++) {
                out.append(i == 0 ? "" : ", ").append(t.columns().get(i).replace(" timestamp", " datetime"));
            }
            if (!t.primaryKey().isEmpty()) {
                out.append(", PRIMARY KEY (").append(t.primaryKey()).append(')');
            }
            return out.append(") ENGINE=InnoDB").toString();
        }

        @Override
        List<String> keys(TpccSchema.Table t) {
            return TpccSchema.indexes(t);
        }

        @Override
        List<String> beforeForeignKeys() {
            // Session only: the keys are added to data the loader made consistent, without a table copy.
            return List.of("SET SESSION foreign_key_checks = 0");
        }

        @Override
        List<String> afterForeignKeys() {
            return List.of("SET SESSION foreign_key_checks = 1");
        }

        @Override
        String analyze(Collection<TpccSchema.Table> tables) {
            return "ANALYZE TABLE " + names(tables);
        }

        @Override
        List<String> drop(Collection<String> tables) {
            return List.of("SET SESSION foreign_key_checks = 0", "DROP TABLE IF EXISTS " + String.join(", ", tables),
                    "SET SESSION foreign_key_checks = 1");
        }

        @Override
        String currentSchema() { return "DATABASE()"; }

        @Override
        String updateFrom(String table, String source, String on, List<String> set, String where) {
            return "UPDATE " + table + " t JOIN " + source + " o ON " + on + " SET "
                    + String.join(", ", set.stream().map(a -> "t." + a).toList()) + " WHERE " + where;
        }

        @Override
        BulkPath bulkPath(Connection c, String probeTable) throws SQLException {
            LocalInfile driver = LocalInfile.of(c);
            String refusal = driver == null ? "a driver other than MariaDB's or MySQL's Connector/J"
                    : LoadDataWriter.refusal(c, driver, probeTable);
            if (refusal == null) {
                return new BulkPath("load_data", "LOAD DATA LOCAL INFILE", connection -> new LoadDataWriter(connection, driver));
            }
            return new BulkPath("insert", "multi-row INSERT (LOAD DATA LOCAL INFILE refused: " + refusal + ")",
                    InsertWriter::new);
        }
    };

    static TpccDialect of(Dialect d) {
        return switch (d.kind()) {
            case POSTGRESQL -> POSTGRESQL;
            case MYSQL, MARIADB -> MYSQL_FAMILY;
        };
    }

    abstract String createTable(TpccSchema.Table t);

    /** Primary key (unless the table was created with it) and secondary indexes, added after the table's data. */
    abstract List<String> keys(TpccSchema.Table t);

    List<String> beforeForeignKeys() { return List.of(); }

    List<String> afterForeignKeys() { return List.of(); }

    abstract String analyze(Collection<TpccSchema.Table> tables);

    abstract List<String> drop(Collection<String> tables);

    abstract String currentSchema();

    /**
     * UPDATE {@code table} (alias t) from the rows of {@code source} (alias o) that match {@code on}:
     * {@code set} holds {@code column = expression} with the column unqualified.
     */
    abstract String updateFrom(String table, String source, String on, List<String> set, String where);

    /** How this load streams rows, found out once on the load's first connection ({@code probeTable} may take an empty load). */
    abstract BulkPath bulkPath(Connection c, String probeTable) throws SQLException;

    /** A bulk path: a key for the sample's message, its name for the progress output, and a writer per connection. */
    record BulkPath(String key, String name, Writers writers) {
    }

    @FunctionalInterface
    interface Writers {
        RowWriter open(Connection c) throws SQLException;
    }

    /** The tables of the given names that exist in the connection's current schema or database. */
    List<String> existing(Connection c, Collection<String> names) throws SQLException {
        List<String> found = new ArrayList<>();
        String sql = "SELECT table_name FROM information_schema.tables WHERE table_schema = " + currentSchema();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                String name = rs.getString(1).toLowerCase(java.util.Locale.ROOT);
                if (names.contains(name)) {
                    found.add(name);
                }
            }
        }
        found.sort(null);
        return found;
    }

    static void execute(Connection c, Collection<String> sql) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String q : sql) {
                s.execute(q);
            }
        }
    }

    private static String names(Collection<TpccSchema.Table> tables) {
        return String.join(", ", tables.stream().map(TpccSchema.Table::name).toList());
    }
}
