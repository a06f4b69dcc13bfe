package org.dbstudy.analysis.report.figures;

import java.awt.Dimension;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.apache.batik.svggen.SVGIDGenerator;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.graphics.form.PDFormXObject;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import de.rototor.pdfbox.graphics2d.PdfBoxGraphics2D;

/**
 * SVG and PDF from a Graphics2D drawing, through Apache-licensed libraries: Batik's SVG generator
 * (text stays text, so the page's inline SVG is searchable and sharp) and PDFBox with the
 * pdfbox-graphics2d bridge (text drawn as outlines, so a PDF looks exactly as measured).
 */
final class VectorFiles {
    private static final String SVG_NS = "http://www.w3.org/2000/svg";

    private VectorFiles() {
    }

    /**
     * An SVG whose ids (clip paths, gradients) start with {@code idPrefix}, so several figures can
     * share one HTML page; a viewBox so it scales.
     */
    static void svg(ChartSaver.Drawing drawing, int width, int height, String idPrefix, Path file) throws IOException {
        Document doc;
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            doc = factory.newDocumentBuilder().getDOMImplementation().createDocument(SVG_NS, "svg", null);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("the JDK's XML parser cannot make a document", e);
        }
        SVGGeneratorContext context = SVGGeneratorContext.createDefault(doc);
        context.setComment(null);
        context.setEmbeddedFontsOn(false);
        context.setPrecision(3);
        context.setIDGenerator(new PrefixedIds(idPrefix));
        SVGGraphics2D g = new SVGGraphics2D(context, false);
        g.setSVGCanvasSize(new Dimension(width, height));
        drawing.draw(g, new Rectangle2D.Double(0, 0, width, height));
        Element root = g.getRoot();
        root.setAttributeNS(null, "viewBox", "0 0 " + width + " " + height);
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            g.stream(root, out, true, false);
        }
        g.dispose();
    }

    static void pdf(ChartSaver.Drawing drawing, int width, int height, Path file) throws IOException {
        try (PDDocument document = new PDDocument()) {
            PDPage page = new PDPage(new PDRectangle(width, height));
            document.addPage(page);
            PdfBoxGraphics2D g = new PdfBoxGraphics2D(document, width, height);
            drawing.draw(g, new Rectangle2D.Double(0, 0, width, height));
            g.dispose();
            PDFormXObject form = g.getXFormObject();
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.drawForm(form);
            }
            document.save(file.toFile());
        }
    }

    /** Ids unique within a page: the figure's prefix, the kind, a counter. */
    private static final class PrefixedIds extends SVGIDGenerator {
        private final String prefix;
        private int next;

        PrefixedIds(String prefix) {
            this.prefix = prefix.replaceAll("[^A-Za-z0-9_-]", "-").toLowerCase(Locale.ROOT);
        }

        @Override
        public String generateID(String kind) {
            return prefix + "-" + kind + (++next);
        }
    }
}
