package org.dbstudy.analysis.report.figures;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;

/**
 * Gives charts one look (white background, grey grid, thick lines, {@link Palette}'s colours and
 * markers, {@link FigureStyle}'s fonts) and writes every figure in each chosen format from the same
 * Graphics2D drawing: PNG for the page and slides, SVG (Batik) and PDF (PDFBox) for papers
 * ({@link VectorFiles}). Captions stay outside the images: {@link #written()} carries them to the
 * page and {@link Captions} to {@code captions.txt}.
 *
 * <p>Figures are drawn on all cores: {@code save} queues the drawing (a figure's formats one after
 * the other, on one thread: a chart is not drawn by two threads at once) and returns; a few figures
 * per core wait at most, so memory stays bounded; {@link #written()} waits for every file.
 */
public final class ChartSaver {
    public static final int WIDTH = 900;
    public static final int HEIGHT = 520;

    /** Draws a figure into an area of any Graphics2D: an image, an SVG or a PDF page. */
    @FunctionalInterface
    public interface Drawing {
        void draw(Graphics2D g, Rectangle2D area);
    }

    /** The file formats a figure is written in. */
    public enum Format {
        PNG, SVG, PDF;

        /** What a report needs: SVG inline in the page, PNG to view and for slides; PDF only when asked. */
        public static final Set<Format> REPORT = Set.copyOf(EnumSet.of(PNG, SVG));

        String extension() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Format of(String name) {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        }

        /** Formats by name (png, svg, pdf; any case); empty when a name is none of them. */
        public static java.util.Optional<Set<Format>> parse(List<String> names) {
            Set<Format> out = EnumSet.noneOf(Format.class);
            for (String n : names) {
                try {
                    out.add(of(n));
                } catch (IllegalArgumentException e) {
                    return java.util.Optional.empty();
                }
            }
            return out.isEmpty() ? java.util.Optional.empty() : java.util.Optional.of(out);
        }

        void write(Drawing drawing, int width, int height, String baseName, Path file) throws IOException {
            switch (this) {
                case PNG -> {
                    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
                    Graphics2D g = image.createGraphics();
                    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                    g.setColor(Color.WHITE);
                    g.fillRect(0, 0, width, height);
                    drawing.draw(g, new Rectangle2D.Double(0, 0, width, height));
                    g.dispose();
                    ImageIO.write(image, "png", file.toFile());
                }
                case SVG -> VectorFiles.svg(drawing, width, height, baseName, file);
                case PDF -> VectorFiles.pdf(drawing, width, height, file);
                default -> throw new IllegalStateException(name());
            }
        }
    }

    /** Sees every figure as it is saved: the layout checks draw it again into a Graphics2D that records text. */
    @FunctionalInterface
    public interface Inspector {
        void saved(ChartFile file, Drawing drawing);
    }

    private final Path dir;
    private final Set<Format> formats;
    private final List<ChartFile> written = new ArrayList<>();
    private final List<Future<?>> pending = new ArrayList<>();
    private final int threads = Runtime.getRuntime().availableProcessors();
    /** Figures queued or being drawn: at most two per core, so built charts do not pile up. */
    private final Semaphore queued = new Semaphore(2 * threads);
    private ExecutorService pool;
    private Inspector inspector;

    public ChartSaver(Path dir) {
        this(dir, EnumSet.allOf(Format.class));
    }

    public ChartSaver(Path dir, Set<Format> formats) {
        this.dir = dir;
        this.formats = EnumSet.copyOf(formats);
        headless();
    }

    public ChartSaver inspectedBy(Inspector i) {
        this.inspector = i;
        return this;
    }

    /** Charts are drawn off-screen; without this a server with no display would fail. */
    public static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    public void save(JFreeChart chart, String baseName, String title, String caption, String section, int width, int height)
            throws IOException {
        chart.setBackgroundPaint(Color.WHITE);
        Plot plot = chart.getPlot();
        style(plot);
        if (plot instanceof CombinedDomainXYPlot combined) {
            combined.getSubplots().forEach(ChartSaver::style);
        }
        save((g, area) -> chart.draw(g, area), baseName, title, caption, section, width, height);
    }

    /** Writes {@code baseName.png/.svg/.pdf} (the chosen formats) and lists the figure for the report. */
    public void save(Drawing drawing, String baseName, String title, String caption, String section, int width, int height)
            throws IOException {
        save(drawing, baseName, title, caption, section, width, height, formats);
    }

    /** The same in the given formats only (those of the saver's that are among them). */
    public void save(Drawing drawing, String baseName, String title, String caption, String section, int width, int height,
            Set<Format> only) throws IOException {
        List<Format> chosen = formats.stream().filter(only::contains).toList();
        if (chosen.isEmpty()) {
            return;
        }
        List<String> files = chosen.stream().map(f -> baseName + "." + f.extension()).toList();
        ChartFile file = new ChartFile(baseName, files, title, caption, section, width, height);
        written.add(file);
        try {
            queued.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while drawing " + baseName, e);
        }
        try {
            pending.add(pool().submit(() -> {
                try {
                    draw(drawing, file, chosen, width, height);
                } finally {
                    queued.release();
                }
                return null;
            }));
        } catch (RuntimeException e) {
            queued.release();
            throw e;
        }
    }

    private void draw(Drawing drawing, ChartFile file, List<Format> chosen, int width, int height) throws IOException {
        for (int i = 0; i < chosen.size(); i++) {
            String name = file.files().get(i);
            long t0 = System.nanoTime();
            chosen.get(i).write(drawing, width, height, file.baseName(), dir.resolve(name));
            if (System.getProperty("dbstudy.figure.timing") != null) {
                System.err.println(name + " " + (System.nanoTime() - t0) / 1_000_000 + " ms");
            }
        }
        if (inspector != null) {
            synchronized (inspector) {
                inspector.saved(file, drawing);
            }
        }
    }

    private synchronized ExecutorService pool() {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "figure-writer");
                t.setDaemon(true);
                return t;
            });
        }
        return pool;
    }

    /** The default palette's colours, for figures that colour series by meaning (CPU, memory, errors). */
    public static final Color[] PALETTE = colours(Palette.COLOUR_BLIND);

    private static Color[] colours(Palette p) {
        Color[] c = new Color[8];
        for (int i = 0; i < c.length; i++) {
            c[i] = p.colour(i);
        }
        return c;
    }

    /** The default look, see {@link #style(Plot, FigureStyle)}. */
    public static void style(Plot plot) {
        style(plot, FigureStyle.DEFAULT);
    }

    /**
     * White background, light grid, the style's fonts on every axis, and per series the palette's
     * colour, marker and line pattern (a second renderer of the plot continues the sequence).
     */
    public static void style(Plot plot, FigureStyle style) {
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot xy) {
            fonts(xy.getDomainAxis(), style);
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                fonts(xy.getRangeAxis(i), style);
                Axes.rootLocale(xy.getRangeAxis(i));
            }
            Axes.rootLocale(xy.getDomainAxis());
            xy.setDomainGridlinePaint(new Color(0xdddddd));
            xy.setRangeGridlinePaint(new Color(0xdddddd));
            int offset = 0;
            for (int i = 0; i < xy.getRendererCount(); i++) {
                XYItemRenderer r = xy.getRenderer(i);
                if (r == null) {
                    continue; // a combined plot draws through its subplots, styled when they were built
                }
                int n = xy.getDataset(i) == null ? 1 : Math.max(1, xy.getDataset(i).getSeriesCount());
                float width = (float) (2 * style.scale());
                for (int series = 0; series < 64; series++) {
                    r.setSeriesPaint(series, style.palette().colour(series + offset));
                    r.setSeriesShape(series, scaled(Palette.marker(series + offset), style.scale()));
                    r.setSeriesStroke(series, style.palette().stroke(series + offset, width));
                }
                if (r instanceof XYLineAndShapeRenderer lines) {
                    // A series is one path, not a line per pair of points: an over-time figure of a
                    // long cell became thousands of SVG <line>s (1.1 MB), and dashes restarted at
                    // every point. Gaps (NaN) still break the path.
                    lines.setDrawSeriesLineAsPath(true);
                    lines.setAutoPopulateSeriesStroke(false);
                    lines.setDefaultStroke(style.palette().stroke(offset, width));
                }
                offset += n;
            }
        }
    }

    /**
     * Plots stacked over one x axis share one legend: their series get the palette's colours in one
     * sequence across the plots, so no two series in the legend look alike.
     */
    public static void colourAcross(CombinedDomainXYPlot combined, FigureStyle style) {
        int next = 0;
        for (XYPlot p : combined.getSubplots()) {
            for (int d = 0; d < p.getDatasetCount(); d++) {
                XYItemRenderer r = p.getRenderer(d);
                if (r == null || p.getDataset(d) == null) {
                    continue;
                }
                for (int series = 0; series < p.getDataset(d).getSeriesCount(); series++) {
                    r.setSeriesPaint(series, style.palette().colour(next));
                    r.setSeriesStroke(series, style.palette().stroke(next, (float) (2 * style.scale())));
                    next++;
                }
            }
        }
    }

    private static Shape scaled(Shape s, double by) {
        return by == 1 ? s : java.awt.geom.AffineTransform.getScaleInstance(by, by).createTransformedShape(s);
    }

    private static void fonts(ValueAxis axis, FigureStyle style) {
        if (axis != null) {
            axis.setLabelFont(style.labelFont());
            axis.setTickLabelFont(style.tickFont());
        }
    }

    /** Every figure saved, in the order saved, once all their files are written; the first failure is thrown. */
    public List<ChartFile> written() throws IOException {
        try {
            for (Future<?> f : pending) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while writing figures", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IOException(e.getCause());
        } finally {
            pending.clear();
            if (pool != null) {
                pool.shutdown();
                pool = null;
            }
        }
        return List.copyOf(written);
    }
}
