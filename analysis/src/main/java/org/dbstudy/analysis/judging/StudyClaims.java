package org.dbstudy.analysis.judging;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import org.dbstudy.analysis.cells.Manifest;
import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.ClaimsFile;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.files.CsvFileException;

/**
 * The study's claims (claims.csv beside the manifest) judged into reproduction.csv, with the paper's
 * reference.txt copied beside it for the report; nothing when the study states none.
 */
public final class StudyClaims {
    private StudyClaims() {
    }

    /** Judges into {@code out} with no cell threatened. */
    public static void judge(StudyResult result, Path out) throws IOException, AnalysisInputException {
        judge(result, out, Map.of());
    }

    /**
     * Judges into {@code out}, first removing a reproduction.csv an earlier analysis left there.
     *
     * @param threatened each threatened cell's validity threats (the report's), named in the verdicts drawn from it
     */
    public static void judge(StudyResult result, Path out, Map<String, List<String>> threatened)
            throws IOException, AnalysisInputException {
        Files.deleteIfExists(out.resolve(Reproduction.FILE_NAME));
        if (result.manifest().isEmpty()) {
            return;
        }
        Path studyDir = result.manifest().get().studyDir();
        List<Claim> claims;
        try {
            claims = ClaimsFile.read(studyDir.resolve(ClaimsFile.FILE_NAME));
        } catch (CsvFileException e) {
            throw AnalysisInputException.of(e);
        }
        if (claims.isEmpty()) {
            return;
        }
        Manifest manifest = result.manifest().get();
        Threats threats = new Threats(threatened, manifest.blockByCell(), ManifestColumns.blocksApart(manifest.blocks()));
        Reproduction.write(out.resolve(Reproduction.FILE_NAME), Reproduction.judge(claims, result.factors(), result.claimCells(),
                result.unfinished(), threats, ClaimJudge.ALPHA, result.monitor()));
        Path reference = studyDir.resolve(ClaimsFile.REFERENCE_FILE);
        if (Files.isRegularFile(reference)) {
            Files.copy(reference, out.resolve(ClaimsFile.REFERENCE_FILE), StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
