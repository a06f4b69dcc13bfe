package org.dbstudy.generator.sql;

/** What MySQL and MariaDB share: AUTO_INCREMENT keys, TRUNCATE resets them, datetime, user root. */
abstract class MySqlFamily extends NamedDialect {
    MySqlFamily(String name, String samplerDialect, String defaultUrl) {
        super(name, samplerDialect, defaultUrl, "root");
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
