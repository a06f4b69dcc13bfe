package org.dbstudy.generator.plan;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jmeter.save.SaveService;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.vocabulary.ClaimsFile;
import org.dbstudy.vocabulary.RunFolder;

/**
 * Writes a study into a directory: {@code plans/<cell>.jmx} per cell and replicate,
 * {@code manifest.csv}, {@code study.properties}, {@code study.yaml} and, when the study has claims,
 * {@code claims.csv} and its paper's {@code reference.txt}. The same study always gives
 * the same bytes. Plans left in {@code plans/} by an earlier generation and not part of this one are
 * deleted, so that the directory holds exactly the manifest's plans.
 */
public final class PlanGenerator {
    private PlanGenerator() {
    }

    public static GeneratedStudy write(Study study, Path outDir) throws IOException {
        JMeterEnvironment.ensureReady();
        Path plansDir = Files.createDirectories(outDir.resolve(RunFolder.PLANS));
        List<Cell> cells = study.cells();
        List<byte[]> rendered = cells.parallelStream().map(c -> renderUnchecked(study, c)).toList();
        List<Path> plans = new ArrayList<>();
        Set<Path> written = new HashSet<>();
        for (int i = 0; i < cells.size(); i++) {
            Path file = outDir.resolve(cells.get(i).planFile());
            writeIfChanged(file, rendered.get(i));
            plans.add(file);
            written.add(file.getFileName());
        }
        try (DirectoryStream<Path> old = Files.newDirectoryStream(plansDir, "*.jmx")) {
            for (Path p : old) {
                if (!written.contains(p.getFileName())) {
                    Files.delete(p);
                }
            }
        }
        Path manifest = outDir.resolve(RunFolder.MANIFEST);
        writeIfChanged(manifest, StudyFiles.manifest(study).getBytes(StandardCharsets.UTF_8));
        writeIfChanged(outDir.resolve(RunFolder.STUDY_PROPERTIES), StudyFiles.properties(study).getBytes(StandardCharsets.UTF_8));
        writeIfChanged(outDir.resolve(RunFolder.STUDY), StudyFiles.yaml(study).getBytes(StandardCharsets.UTF_8));
        if (!study.claims().isEmpty()) {
            // Only when there are claims: a study re-read from study.yaml (a resume) keeps the first file's.
            writeIfChanged(outDir.resolve(RunFolder.CLAIMS), ClaimsFile.text(study.claims()).getBytes(StandardCharsets.UTF_8));
        }
        if (study.reference().isPresent()) {
            writeIfChanged(outDir.resolve(ClaimsFile.REFERENCE_FILE), study.reference().get().getBytes(StandardCharsets.UTF_8));
        }
        return new GeneratedStudy(manifest, plans);
    }

    /** One cell's plan as the bytes {@link #write} puts in its file. */
    public static byte[] render(Study study, Cell cell) throws IOException {
        JMeterEnvironment.ensureReady();
        ByteArrayOutputStream out = new ByteArrayOutputStream(16_384);
        SaveService.saveTree(PlanBuilder.build(CellPlan.of(study, cell)), out);
        return out.toByteArray();
    }

    /**
     * The tables the study's setUps may empty or drop (their samplers' {@code ownedTables}), for the
     * runner's check before the first cell; each cell's sampler checks them again before its setUp.
     */
    public static Set<String> ownedTables(Study study) {
        Set<String> out = new java.util.TreeSet<>();
        for (Cell cell : study.cells()) {
            for (String table : CellPlan.of(study, cell).setUp().get(SamplerField.OWNED_TABLES).split("\n")) {
                if (!table.isBlank()) {
                    out.add(table.strip());
                }
            }
        }
        return out;
    }

    /**
     * What the study's setUps do to existing tables, one phrase per kind of action over all cells
     * ("drops and re-creates tables pgbench_history, …"), for the runner's line naming the database
     * before the first cell; empty when no setUp touches an existing table.
     */
    public static List<String> setUpTables(Study study) {
        Map<String, Set<String>> byAction = new java.util.LinkedHashMap<>();
        for (Cell cell : study.cells()) {
            Workload.SetUpTables t = study.workload().setUpTables(CellPlan.values(study, cell));
            if (t != null) {
                byAction.computeIfAbsent(t.action(), a -> new java.util.LinkedHashSet<>()).addAll(t.tables());
            }
        }
        List<String> out = new java.util.ArrayList<>();
        byAction.forEach((action, tables) -> out.add(action + (tables.size() == 1 ? " table " : " tables ")
                + String.join(", ", tables)));
        return out;
    }

    private static byte[] renderUnchecked(Study study, Cell cell) {
        try {
            return render(study, cell);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot render the plan of cell " + cell.id(), e);
        }
    }

    private static void writeIfChanged(Path file, byte[] bytes) throws IOException {
        if (Files.isRegularFile(file) && Files.size(file) == bytes.length
                && java.util.Arrays.equals(Files.readAllBytes(file), bytes)) {
            return;
        }
        try {
            Files.write(file, bytes);
        } catch (java.nio.file.FileSystemException e) {
            throw e;
        } catch (IOException e) {
            // A full disk says only "No space left on device": the message names the file.
            java.nio.file.FileSystemException named = new java.nio.file.FileSystemException(file.toString(), null, e.getMessage());
            named.initCause(e);
            throw named;
        }
    }
}
