package org.dbstudy.generator.workload;

import java.util.Map;
import org.dbstudy.generator.sql.SqlDialect;

/**
 * What a workload needs to know about one cell: factor levels by canonical name ({@code users},
 * never {@code clients}), the template parameters with defaults filled in, the target's dialect, and
 * which replicate of the cell this is (1 for the first).
 */
public record CellValues(Map<String, String> factors, Map<String, String> parameters, SqlDialect sql, int replicate) {
    /** A cell before its replicates exist (the study file's checks): replicate 1. */
    public CellValues(Map<String, String> factors, Map<String, String> parameters, SqlDialect sql) {
        this(factors, parameters, sql, 1);
    }

    public String factor(String name, String fallback) {
        return factors.getOrDefault(name, fallback);
    }

    public String parameter(String name) {
        String value = parameters.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no template parameter '" + name + "'");
        }
        return value;
    }

    public long number(String parameter) {
        return Long.parseLong(parameter(parameter));
    }
}
