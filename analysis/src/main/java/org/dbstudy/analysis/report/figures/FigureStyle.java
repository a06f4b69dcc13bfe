package org.dbstudy.analysis.report.figures;

import java.awt.Font;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How a figure looks, as {@code dbstudy figure} can change it: a title in place of the chosen one,
 * the base font size (tick labels one point smaller, the title three larger), logarithmic x or y,
 * the palette, where the legend goes and whether panels share one y scale.
 *
 * @param title    null: the figure's own title
 * @param fontSize points of axis labels and panel titles
 * @param logX     null: logarithmic when the x levels span a wide range (4 … 1024), else linear
 */
public record FigureStyle(String title, float fontSize, Boolean logX, boolean logY, Palette palette, Legend legend,
                          Scales scales) {
    public static final float DEFAULT_FONT_SIZE = 12f;
    public static final FigureStyle DEFAULT = new FigureStyle(null, DEFAULT_FONT_SIZE, null, false, Palette.COLOUR_BLIND,
            Legend.BOTTOM, Scales.AUTO);

    /** Where the legend goes. */
    public enum Legend {
        BOTTOM, TOP, RIGHT, NONE;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(Legend::id).toList();
        }
    }

    /** Whether panels share a y scale. */
    public enum Scales {
        /** Shared unless the panels' largest values differ more than {@link #FREE_ABOVE} times. */
        AUTO,
        SHARED,
        FREE;

        /** Panels whose maxima differ by more than this ratio get their own scales under AUTO. */
        public static final double FREE_ABOVE = 5;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static List<String> ids() {
            return Arrays.stream(values()).map(Scales::id).toList();
        }
    }

    public FigureStyle withTitle(String t) {
        return new FigureStyle(t, fontSize, logX, logY, palette, legend, scales);
    }

    public Font font(int style, float delta) {
        return new Font(Font.SANS_SERIF, style, Math.round(fontSize + delta));
    }

    /** Axis labels and panel titles. */
    public Font labelFont() {
        return font(Font.PLAIN, 0);
    }

    /** Tick labels and legend items. */
    public Font tickFont() {
        return font(Font.PLAIN, -1);
    }

    public Font panelTitleFont() {
        return font(Font.BOLD, 0);
    }

    public Font titleFont() {
        return font(Font.BOLD, 3);
    }

    /** Scale for sizes given at the default font size (axis gaps, default figure sizes). */
    public double scale() {
        return fontSize / DEFAULT_FONT_SIZE;
    }
}
