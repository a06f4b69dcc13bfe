package org.dbstudy.generator.sql;

import java.util.List;

/** MariaDB: numbers from the Sequence engine's seq_1_to_N tables. */
final class MariaDb extends MySqlFamily {
    @Override
    public String name() {
        return "mariadb";
    }

    @Override
    public String samplerDialect() {
        return "MARIADB";
    }

    @Override
    public String defaultUrl() {
        return "jdbc:mariadb://127.0.0.1:3306/test";
    }

    @Override
    public List<String> numbersSetup() {
        return List.of();
    }

    @Override
    public String numbers(long upTo) {
        return "(SELECT seq AS n FROM seq_1_to_" + upTo + ") nums";
    }
}
