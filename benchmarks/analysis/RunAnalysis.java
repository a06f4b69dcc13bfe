import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.dbstudy.analysis.AnalysisOptions;
import org.dbstudy.analysis.AnalysisReport;
import org.dbstudy.analysis.Analyzer;

/** Runs the analysis on one JTL for the benchmark. Usage: RunAnalysis JTL OUT_DIR */
public final class RunAnalysis {
    public static void main(String[] args) throws Exception {
        AnalysisReport report = Analyzer.run(new AnalysisOptions(List.of(Path.of(args[0])), Optional.empty(),
                Path.of(args[1]), 0, false, 1, Optional.empty()));
        System.out.println("analysed " + report.samples() + " samples in " + report.cells() + " cells; "
                + report.warnings().size() + " warnings");
    }
}
