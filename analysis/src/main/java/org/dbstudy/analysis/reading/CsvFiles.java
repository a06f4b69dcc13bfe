package org.dbstudy.analysis.reading;

import java.io.IOException;
import java.nio.file.Path;
import org.dbstudy.vocabulary.files.CsvFileException;
import org.dbstudy.vocabulary.files.CsvTable;

/** The vocabulary's small-CSV reader, with its problems as analysis input errors (file, line, field). */
public final class CsvFiles {
    private CsvFiles() {
    }

    public static CsvTable read(Path file, String... requiredColumns) throws IOException, AnalysisInputException {
        try {
            return CsvTable.read(file, requiredColumns);
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
    }
}
