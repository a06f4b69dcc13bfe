package org.dbstudy.analysis;

import java.io.IOException;
import java.nio.file.Path;
import org.dbstudy.vocabulary.CsvFileException;
import org.dbstudy.vocabulary.CsvTable;

/** The vocabulary's small-CSV reader, with its problems as analysis input errors (file, line, field). */
final class CsvFiles {
    private CsvFiles() {
    }

    static CsvTable read(Path file, String... requiredColumns) throws IOException, AnalysisInputException {
        try {
            return CsvTable.read(file, requiredColumns);
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
    }
}
