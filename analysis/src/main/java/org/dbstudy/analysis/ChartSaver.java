package org.dbstudy.analysis;

import java.awt.BasicStroke;
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
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.DefaultDrawingSupplier;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.pdf.PDFDocument;
import org.jfree.pdf.PDFGraphics2D;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUtils;

/**
 * Gives charts one look (white background, grey grid, thick lines) and writes every figure in
 * each chosen format from the same Graphics2D drawing: PNG for the page, SVG (JFreeSVG) and PDF
 * (JFreePDF) for papers.
 */
final class ChartSaver {
    static final int WIDTH = 900;
    static final int HEIGHT = 520;

    /** Draws a figure into an area of any Graphics2D: an image, an SVG or a PDF page. */
    @FunctionalInterface
    interface Drawing {
        void draw(Graphics2D g, Rectangle2D area);
    }

    /** The file formats a figure is written in. */
    enum Format {
        PNG, SVG, PDF;

        String extension() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Format of(String name) {
            return valueOf(name.trim().toUpperCase(Locale.ROOT));
        }

        void write(Drawing drawing, int width, int height, Path file) throws IOException {
            Rectangle2D area = new Rectangle2D.Double(0, 0, width, height);
            switch (this) {
                case PNG -> {
                    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
                    Graphics2D g = image.createGraphics();
                    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
                    g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
                    g.setColor(Color.WHITE);
                    g.fill(area);
                    drawing.draw(g, area);
                    g.dispose();
                    ImageIO.write(image, "png", file.toFile());
                }
                case SVG -> {
                    SVGGraphics2D g = new SVGGraphics2D(width, height);
                    drawing.draw(g, area);
                    SVGUtils.writeToSVG(file.toFile(), g.getSVGElement());
                }
                case PDF -> {
                    PDFDocument pdf = new PDFDocument();
                    PDFGraphics2D g = pdf.createPage(area).getGraphics2D();
                    drawing.draw(g, area);
                    pdf.writeToFile(file.toFile());
                }
                default -> throw new IllegalStateException(name());
            }
        }
    }

    private final Path dir;
    private final Set<Format> formats;
    private final List<ChartFile> written = new ArrayList<>();

    ChartSaver(Path dir) {
        this(dir, EnumSet.allOf(Format.class));
    }

    ChartSaver(Path dir, Set<Format> formats) {
        this.dir = dir;
        this.formats = EnumSet.copyOf(formats);
        headless();
    }

    /** Charts are drawn off-screen; without this a server with no display would fail. */
    static void headless() {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    void save(JFreeChart chart, String baseName, String caption, String section) throws IOException {
        save(chart, baseName, caption, section, WIDTH, HEIGHT);
    }

    void save(JFreeChart chart, String baseName, String caption, String section, int width, int height) throws IOException {
        chart.setBackgroundPaint(Color.WHITE);
        Plot plot = chart.getPlot();
        style(plot);
        if (plot instanceof CombinedDomainXYPlot combined) {
            combined.getSubplots().forEach(ChartSaver::style);
        }
        save((g, area) -> chart.draw(g, area), baseName, caption, section, width, height);
    }

    /** Writes {@code baseName.png/.svg/.pdf} (the chosen formats) and lists the figure for the report. */
    void save(Drawing drawing, String baseName, String caption, String section, int width, int height) throws IOException {
        List<String> files = new ArrayList<>();
        for (Format f : formats) {
            String name = baseName + "." + f.extension();
            f.write(drawing, width, height, dir.resolve(name));
            files.add(name);
        }
        written.add(new ChartFile(files, caption, section));
    }

    /** Distinguishable colours, reused in the same order by every plot of a chart. */
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728),
        new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22),
        new Color(0x17becf)};

    /** Shapes in a fixed order too, so a series looks the same in stacked plots. */
    static final Shape[] SHAPES = DefaultDrawingSupplier.createStandardSeriesShapes();

    static void style(Plot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        if (plot instanceof XYPlot xy) {
            Axes.rootLocale(xy.getDomainAxis());
            for (int i = 0; i < xy.getRangeAxisCount(); i++) {
                Axes.rootLocale(xy.getRangeAxis(i));
            }
            xy.setDomainGridlinePaint(Color.LIGHT_GRAY);
            xy.setRangeGridlinePaint(Color.LIGHT_GRAY);
            for (int i = 0; i < xy.getRendererCount(); i++) {
                XYItemRenderer r = xy.getRenderer(i);
                if (r == null) {
                    continue; // a combined plot draws through its subplots, styled when they were built
                }
                for (int series = 0; series < 64; series++) {
                    r.setSeriesPaint(series, PALETTE[(series + 3 * i) % PALETTE.length]);
                    r.setSeriesShape(series, SHAPES[(series + 3 * i) % SHAPES.length]);
                }
                if (r instanceof XYLineAndShapeRenderer lines) {
                    lines.setAutoPopulateSeriesStroke(false);
                    lines.setDefaultStroke(new BasicStroke(2f));
                }
            }
        }
    }

    List<ChartFile> written() {
        return written;
    }
}
