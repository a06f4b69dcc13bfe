package org.dbstudy.generator.sql;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * MySQL: numbers from a cross join of a ten-row digits table (recursive CTEs stop at
 * cte_max_recursion_depth = 1000 by default).
 */
final class MySql extends MySqlFamily {
    static final String DIGITS = "dbstudy_digits";

    MySql() {
        super(DatabaseKind.MYSQL);
    }

    @Override
    public List<String> numbersSetup() {
        return List.of("DROP TABLE IF EXISTS " + DIGITS,
                "CREATE TABLE " + DIGITS + " (d INT PRIMARY KEY)",
                "INSERT INTO " + DIGITS + " (d) VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9)");
    }

    @Override
    public String numbers(long upTo) {
        int places = Math.max(1, Long.toString(upTo - 1).length());
        List<String> terms = new ArrayList<>();
        List<String> tables = new ArrayList<>();
        long weight = 1;
        for (int i = 0; i < places; i++) {
            terms.add(weight == 1 ? "d0.d" : weight + " * d" + i + ".d");
            tables.add(DIGITS + " d" + i);
            weight *= 10;
        }
        return "(SELECT " + String.join(" + ", terms) + " + 1 AS n FROM " + String.join(" CROSS JOIN ", tables)
                + " WHERE " + String.join(" + ", terms) + " < " + upTo + ") nums";
    }
}
