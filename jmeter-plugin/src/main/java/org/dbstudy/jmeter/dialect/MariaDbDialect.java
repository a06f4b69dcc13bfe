package org.dbstudy.jmeter.dialect;

/**
 * MariaDB: as MySQL, but statements are bounded by {@code max_statement_time} (seconds, all
 * statements), and its isolation variable is {@code tx_isolation}.
 */
public final class MariaDbDialect extends MySqlDialect {

    @Override
    public String name() { return "MARIADB"; }

    /** MariaDB knows {@code tx_isolation} in every version (11.1 added {@code transaction_isolation}). */
    @Override
    public String readIsolation(java.sql.Connection c) throws java.sql.SQLException {
        return Dialect.queryOne(c, "SELECT @@tx_isolation");
    }

    @Override
    public String statementTimeoutSql(long millis) {
        return "SET SESSION max_statement_time = " + (millis / 1000.0);
    }
}
