package org.dbstudy.analysis;

import java.awt.Graphics;
import java.awt.Shape;
import java.awt.font.GlyphVector;
import java.awt.font.TextLayout;
import java.awt.geom.Rectangle2D;
import java.text.AttributedCharacterIterator;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.apache.batik.svggen.SVGGeneratorContext;
import org.apache.batik.svggen.SVGGraphics2D;
import org.dbstudy.analysis.report.figures.ChartFile;
import org.dbstudy.analysis.report.figures.ChartSaver;

/**
 * The text of a figure as boxes on the image: a figure is drawn again into an SVG Graphics2D that
 * records, for every string, the box its glyphs cover on the canvas (transform applied) and the clip
 * it was drawn under. From these, a figure's text outside the image, cut by a clip, or overlapping
 * other text is found.
 */
final class TextBoxes extends SVGGraphics2D {
    /** One string drawn: its text, where its ink falls on the canvas, and the clip it was drawn in (null: none). */
    record Box(String text, Rectangle2D bounds, Rectangle2D clip) {
        @Override
        public String toString() {
            return "'" + text + "' at " + String.format(java.util.Locale.ROOT, "[%.1f, %.1f %.1fx%.1f]", bounds.getX(),
                    bounds.getY(), bounds.getWidth(), bounds.getHeight());
        }
    }

    private final List<Box> boxes;

    private TextBoxes(SVGGeneratorContext context, List<Box> boxes) {
        super(context, false);
        this.boxes = boxes;
    }

    private TextBoxes(TextBoxes parent) {
        super(parent);
        this.boxes = parent.boxes;
    }

    /** Draws the figure at its size and returns the text it drew. */
    static List<Box> of(ChartFile file, ChartSaver.Drawing drawing) {
        try {
            var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().getDOMImplementation()
                    .createDocument("http://www.w3.org/2000/svg", "svg", null);
            List<Box> boxes = new ArrayList<>();
            TextBoxes g = new TextBoxes(SVGGeneratorContext.createDefault(doc), boxes);
            drawing.draw(g, new Rectangle2D.Double(0, 0, file.width(), file.height()));
            return boxes;
        } catch (javax.xml.parsers.ParserConfigurationException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Graphics create() {
        return new TextBoxes(this);
    }

    @Override
    public void drawString(String s, float x, float y) {
        if (!s.isBlank()) {
            // Trailing spaces carry no ink (JFreeChart's wrapped lines keep them).
            Rectangle2D ink = new TextLayout(s.stripTrailing(), getFont(), getFontRenderContext()).getBounds();
            record(s, new Rectangle2D.Double(x + ink.getX(), y + ink.getY(), ink.getWidth(), ink.getHeight()));
        }
        super.drawString(s, x, y);
    }

    @Override
    public void drawString(AttributedCharacterIterator it, float x, float y) {
        StringBuilder s = new StringBuilder();
        for (char c = it.first(); c != AttributedCharacterIterator.DONE; c = it.next()) {
            s.append(c);
        }
        it.first();
        if (!s.toString().isBlank()) {
            Rectangle2D ink = new TextLayout(it, getFontRenderContext()).getBounds();
            record(s.toString(), new Rectangle2D.Double(x + ink.getX(), y + ink.getY(), ink.getWidth(), ink.getHeight()));
        }
        super.drawString(it, x, y);
    }

    @Override
    public void drawGlyphVector(GlyphVector gv, float x, float y) {
        Rectangle2D ink = gv.getVisualBounds();
        record("glyphs", new Rectangle2D.Double(x + ink.getX(), y + ink.getY(), ink.getWidth(), ink.getHeight()));
        super.drawGlyphVector(gv, x, y);
    }

    private void record(String text, Rectangle2D userBox) {
        Rectangle2D onCanvas = getTransform().createTransformedShape(userBox).getBounds2D();
        Shape clip = getClip();
        Rectangle2D clipOnCanvas = clip == null ? null : getTransform().createTransformedShape(clip).getBounds2D();
        boxes.add(new Box(text, onCanvas, clipOnCanvas));
    }
}
