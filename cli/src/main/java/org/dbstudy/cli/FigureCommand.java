package org.dbstudy.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.dbstudy.analysis.report.figures.FigureOptionException;
import org.dbstudy.analysis.Figures;
import org.dbstudy.cli.failure.UserError;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dbstudy figure}: re-draws one figure from a report directory's CSV files, without the JTLs. */
@Command(name = "figure", mixinStandardHelpOptions = true,
        description = {"Re-draw a figure from an existing report directory (summary.csv, speedup.csv, labels.csv; "
                + "the JTLs are not read) with a chosen statistic, factors on x / lines / panels, size and formats.",
                "Example: dbstudy figure results/crud-factorial-postgres/report --stat p90_ms --x users --line rows "
                        + "--panel operation,interval"})
final class FigureCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "REPORT_DIR", description = "A report directory: 'dbstudy analyze --out' or OUT/report of 'dbstudy run'.")
    Path reportDir;

    @Option(names = "--kind", paramLabel = "KIND", defaultValue = "lines",
            description = "lines, stress, speedup, improvement or statements (default ${DEFAULT-VALUE}).")
    String kind;

    @Option(names = "--stat", split = ",", paramLabel = "COLUMN",
            description = "summary.csv columns (mean_ms, median_ms, p90_ms, p95_ms, p99_ms, throughput_per_s, error_pct, ...); "
                    + "several stack a row of panels each. For speedup/improvement: mean, median or p90.")
    List<String> stats;

    @Option(names = "--x", paramLabel = "FACTOR", description = "Numeric factor on the x axis (default: users, clients, ... or the first numeric factor).")
    String x;

    @Option(names = "--line", paramLabel = "FACTOR", description = "Factor drawn as one line per level, or 'none'.")
    String line;

    @Option(names = "--panel", split = ",", paramLabel = "FACTOR", description = "Factors that make panels (a row per level of the first), or 'none'.")
    List<String> panels;

    @Option(names = "--where", paramLabel = "FACTOR=LEVEL", description = "Keep only the rows with this level (repeatable).")
    List<String> where;

    @Option(names = "--size", paramLabel = "WIDTHxHEIGHT", defaultValue = "0x0",
            description = "Pixels (PNG) or points (SVG, PDF); 0 = from the panels (default ${DEFAULT-VALUE}: at least 900 wide).")
    String size;

    @Option(names = "--format", split = ",", paramLabel = "FORMAT", description = "png, svg, pdf (default: all three).")
    List<String> formats;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write (default: REPORT_DIR).")
    Path out;

    @Option(names = "--name", paramLabel = "NAME", description = "File name without extension (default: figure-KIND-STAT).")
    String name;

    @Option(names = "--title", paramLabel = "TEXT", description = "The figure's title instead of the chosen one ('' for none).")
    String title;

    @Option(names = "--font-size", paramLabel = "POINTS", description = "Axis titles and panel titles (tick labels 1 smaller, title 3 larger); default 12.")
    Float fontSize;

    @Option(names = "--log", split = ",", paramLabel = "AXIS", description = "Logarithmic axes: x, y, xy, or none (x is log by default only when the levels span a wide range, e.g. users 4 ... 1024).")
    List<String> log;

    @Option(names = "--log-x", description = "Same as --log x.")
    boolean logX;

    @Option(names = "--log-y", description = "Same as --log y.")
    boolean logY;

    @Option(names = "--palette", paramLabel = "NAME", description = "colour-blind (Okabe-Ito, default) or grey; every series has its own marker either way.")
    String palette;

    @Option(names = "--legend", paramLabel = "POSITION", description = "bottom (default), top, right or none.")
    String legend;

    @Option(names = "--scales", paramLabel = "free|shared|auto", description = "y scales of the panels: one shared, each its own, or auto (default: own scales when the panels' largest values differ more than 5 times).")
    String scales;

    @Override
    public Integer call() throws Exception {
        int[] wh = size(size);
        try {
            List<String> axes = new java.util.ArrayList<>(log == null ? List.of() : log);
            if (logX) {
                axes.add("x");
            }
            if (logY) {
                axes.add("y");
            }
            List<Path> files = Figures.draw(new Figures.Request(reportDir, kind, stats, x, line, panels, where, wh[0], wh[1],
                    formats, out, name, new Figures.Look(title, fontSize, axes.isEmpty() ? null : axes, palette, legend, scales)));
            files.forEach(f -> System.out.println("figure: " + f));
            System.out.println("caption: " + (out == null ? reportDir : out).resolve(org.dbstudy.analysis.report.figures.Captions.FILE));
            return 0;
        } catch (FigureOptionException e) {
            throw new UserError(e.getMessage());
        }
    }

    private static int[] size(String text) {
        String[] parts = text.toLowerCase(java.util.Locale.ROOT).split("x");
        try {
            if (parts.length == 2) {
                return new int[] {Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())};
            }
        } catch (NumberFormatException e) {
            // reported below, with what would be valid
        }
        throw new UserError("--size " + text + ": give WIDTHxHEIGHT in pixels, e.g. 1200x800 (height 0: from the panels)");
    }
}
