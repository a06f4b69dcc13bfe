package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.analysis.reading.AnalysisOptions;
import org.dbstudy.analysis.Analyzer;
import org.dbstudy.vocabulary.files.CsvTable;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.OutcomeClassifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same server error must land in the same class whichever sampler ran the cell. For every code
 * the classifier knows, one result file is written as the dbstudy sampler writes a failure (the class
 * first in the message) and one as JMeter's JDBC Request does (responseCode {@code "SQLState vendor"},
 * message {@code exception.toString()}); analysis must count both under the same class.
 */
class OutcomeContractTest {

    @Test
    void everyKnownCodeIsCountedInTheSameClassForTheSamplerAndForJdbcRequest(@TempDir Path dir) throws Exception {
        Map<String, SQLException> errors = new LinkedHashMap<>();
        OutcomeClassifier.knownVendorCodes().keySet().forEach(code ->
                errors.put("v" + code, new SQLException("vendor error " + code, "HY000", code)));
        OutcomeClassifier.knownSqlStates().keySet().forEach(state ->
                errors.put("s" + state, new SQLException("state " + state, state, 0)));
        errors.put("pg-lock-timeout", new SQLException("ERROR: canceling statement due to lock timeout", "55P03", 0));
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,success\n");
        long t = 1_000_000;
        for (Map.Entry<String, SQLException> e : errors.entrySet()) {
            SQLException ex = e.getValue();
            String code = ex.getSQLState() + " " + ex.getErrorCode();
            Outcome outcome = OutcomeClassifier.classify(ex); // what the sampler calls
            // Without a manifest each label is a cell of its own.
            jtl.append(t++).append(",5,sampler-").append(e.getKey()).append(',').append(code).append(',')
                    .append(quote(outcome.messagePrefix() + ex.getMessage() + " [tries=1]")).append(",users 1-1,false\n");
            jtl.append(t++).append(",5,jdbc-").append(e.getKey()).append(',').append(code).append(',')
                    .append(quote(ex.toString())).append(",users 1-1,false\n");
        }
        Path file = dir.resolve("codes.jtl");
        Files.writeString(file, jtl);
        Analyzer.run(new AnalysisOptions(List.of(file), Optional.empty(), dir.resolve("out"), 0, true, 1, Optional.empty()));
        CsvTable summary = CsvTable.read(dir.resolve("out/summary.csv"), "cell");
        Map<String, String> classOf = new LinkedHashMap<>();
        for (CsvTable.Row row : summary.rows()) {
            for (String column : summary.header()) {
                if (column.startsWith("errors_") && !row.get(column).equals("0") && !row.get(column).isEmpty()) {
                    classOf.put(row.get("cell"), column.substring("errors_".length()));
                }
            }
        }
        for (Map.Entry<String, SQLException> e : errors.entrySet()) {
            String expected = OutcomeClassifier.classify(e.getValue()).label();
            assertEquals(expected, classOf.get("sampler-" + e.getKey()), "sampler, " + e.getKey() + ": " + classOf);
            assertEquals(expected, classOf.get("jdbc-" + e.getKey()), "JDBC Request, " + e.getKey() + ": " + classOf);
        }
        assertTrue(classOf.size() == 2 * errors.size(), "every file counted one error: " + classOf);
    }

    private static String quote(String field) {
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
