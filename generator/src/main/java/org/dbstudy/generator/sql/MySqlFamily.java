package org.dbstudy.generator.sql;

import org.dbstudy.vocabulary.DatabaseKind;

/** What MySQL and MariaDB share: AUTO_INCREMENT keys, TRUNCATE resets them, datetime. */
abstract class MySqlFamily extends NamedDialect {
    MySqlFamily(DatabaseKind kind) {
        super(kind);
    }

    @Override
    public String generatedKey(String column) {
        return column + " INT AUTO_INCREMENT PRIMARY KEY";
    }

    @Override
    public String emptyTable(String table) {
        return "TRUNCATE TABLE " + table;
    }

    @Override
    public String timestampType() {
        return "datetime";
    }
}
