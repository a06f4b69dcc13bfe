package org.dbstudy.analysis.report.figures;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Series colours, markers and line patterns. Every series gets a marker of its own (circle, square,
 * triangle, diamond …) so lines stay apart in grey-scale print; {@link #COLOUR_BLIND} is Okabe and
 * Ito's palette (distinct for the common colour-vision deficiencies), {@link #GREY} shades of grey
 * with a dash pattern per series.
 */
public enum Palette {
    /** Okabe-Ito: blue, vermillion, bluish green, reddish purple, orange, sky blue, black, yellow. */
    COLOUR_BLIND("colour-blind", new Color(0x0072B2), new Color(0xD55E00), new Color(0x009E73), new Color(0xCC79A7),
            new Color(0xE69F00), new Color(0x56B4E9), new Color(0x000000), new Color(0xB8A800)),
    /** Black to light grey; the dash pattern and marker tell series apart. */
    GREY("grey", new Color(0x000000), new Color(0x555555), new Color(0x888888), new Color(0x333333),
            new Color(0x777777), new Color(0x222222), new Color(0x999999), new Color(0x444444));

    private static final float[][] DASHES = {null, {7f, 4f}, {2f, 3f}, {9f, 3f, 2f, 3f}, {4f, 4f}, {12f, 4f},
        {2f, 2f, 6f, 2f}, {1f, 4f}};
    private static final double M = 4.5;

    private final String id;
    private final Color[] colours;

    Palette(String id, Color... colours) {
        this.id = id;
        this.colours = colours;
    }

    public String id() {
        return id;
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(Palette::id).toList();
    }

    /** By id; "grayscale", "grey-scale", "okabe-ito" and "colorblind" are understood too; null when unknown. */
    public static Palette of(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT).replace("gray", "grey").replace("color", "colour");
        return switch (n) {
            case "colour-blind", "colourblind", "okabe-ito", "default" -> COLOUR_BLIND;
            case "grey", "greyscale", "grey-scale" -> GREY;
            default -> null;
        };
    }

    public Color colour(int series) {
        return colours[Math.floorMod(series, colours.length)];
    }

    /** Solid lines in colour (dashed once the colours repeat); in grey a dash pattern per series. */
    public Stroke stroke(int series, float width) {
        int s = Math.floorMod(series, 64);
        float[] dash = this == GREY ? DASHES[s % DASHES.length]
                : s < colours.length ? null : DASHES[1 + (s / colours.length - 1) % (DASHES.length - 1)];
        return dash == null ? new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f, dash, 0f);
    }

    /** A marker per series: circle, square, triangle up, diamond, triangle down, cross, plus, star-like hexagon. */
    public static Shape marker(int series) {
        return switch (Math.floorMod(series, 8)) {
            case 0 -> new Ellipse2D.Double(-M, -M, 2 * M, 2 * M);
            case 1 -> new Rectangle2D.Double(-M * 0.9, -M * 0.9, 1.8 * M, 1.8 * M);
            case 2 -> polygon(0, -M * 1.1, M * 1.1, M * 0.8, -M * 1.1, M * 0.8);
            case 3 -> polygon(0, -M * 1.2, M * 1.2, 0, 0, M * 1.2, -M * 1.2, 0);
            case 4 -> polygon(0, M * 1.1, M * 1.1, -M * 0.8, -M * 1.1, -M * 0.8);
            case 5 -> cross(M * 1.1, M * 0.35, true);
            case 6 -> cross(M * 1.1, M * 0.35, false);
            default -> polygon(M, 0, M / 2, M * 0.87, -M / 2, M * 0.87, -M, 0, -M / 2, -M * 0.87, M / 2, -M * 0.87);
        };
    }

    private static Shape polygon(double... xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            p.lineTo(xy[i], xy[i + 1]);
        }
        p.closePath();
        return p;
    }

    /** A plus (or, turned, an x) as one filled outline. */
    private static Shape cross(double r, double w, boolean diagonal) {
        Path2D.Double p = (Path2D.Double) polygon(-w, -r, w, -r, w, -w, r, -w, r, w, w, w, w, r, -w, r, -w, w, -r, w,
                -r, -w, -w, -w);
        if (diagonal) {
            p.transform(java.awt.geom.AffineTransform.getRotateInstance(Math.PI / 4));
        }
        return p;
    }
}
