package org.dbstudy.generator.workload;

import java.util.List;

/**
 * A CSV file whose rows the users read in turn (a stock JMeter CSV Data Set Config, shared by all
 * users, recycled at its end); statements bind its columns as {@code ${column}}.
 */
public record CsvData(String file, List<String> columns) {
}
