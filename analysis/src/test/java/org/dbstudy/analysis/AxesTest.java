package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.Tick;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.Range;
import org.junit.jupiter.api.Test;
import org.dbstudy.analysis.report.figures.Axes;
import org.dbstudy.analysis.report.figures.ChartSaver;

/** The tick labels a reader sees: whole units for counts, no "-0", no repeated labels, sensible single points. */
class AxesTest {
    private static final Rectangle2D AREA = new Rectangle2D.Double(0, 0, 600, 300);

    static List<String> labels(ValueAxis axis, RectangleEdge edge) {
        ChartSaver.headless();
        Graphics2D g = new BufferedImage(700, 400, BufferedImage.TYPE_INT_RGB).createGraphics();
        List<?> ticks = axis.refreshTicks(g, new AxisState(), AREA, edge); // JFreeChart returns a raw List
        // A tick left unlabelled (its label would touch the one before) has an empty text.
        return ticks.stream()
                .map(AxesTest::text).filter(t -> t != null && !t.isEmpty()).toList();
    }

    /** A log axis labels its major ticks with attributed strings (for exponents), minor ones not at all. */
    private static String text(Object tick) {
        if (tick instanceof LogTick log) {
            if (log.getAttributedLabel() == null) {
                return null;
            }
            StringBuilder s = new StringBuilder();
            var it = log.getAttributedLabel().getIterator();
            for (char c = it.first(); c != java.text.CharacterIterator.DONE; c = it.next()) {
                s.append(c);
            }
            return s.toString();
        }
        return ((Tick) tick).getText();
    }

    static List<Double> values(ValueAxis axis) {
        ChartSaver.headless();
        Graphics2D g = new BufferedImage(700, 400, BufferedImage.TYPE_INT_RGB).createGraphics();
        List<?> ticks = axis.refreshTicks(g, new AxisState(), AREA, RectangleEdge.BOTTOM); // a raw List
        return ticks.stream().map(t -> ((ValueTick) t).getValue()).toList();
    }

    @Test
    void usersTickInWholeUsersEvenOnANarrowRange() {
        // Two levels 2 and 3: the old axis read 1.9, 2.0, 2.1 ...
        ValueAxis users = Axes.forLevels("users", List.of(2.0, 3.0));
        List<Double> ticks = values(users);
        assertFalse(ticks.isEmpty());
        ticks.forEach(v -> assertEquals(Math.rint(v), v, 1e-9, "tick " + v));
        assertEquals(List.of("2", "3"), labels(users, RectangleEdge.BOTTOM));
    }

    @Test
    void ticksSitAtTheFactorsLevelsNotAtRoundNumbersBetweenThem() {
        // The old axis read 6, 8 … 20 for levels 5 and 20.
        assertEquals(List.of("5", "20"), labels(Axes.forLevels("users", List.of(5.0, 20.0)), RectangleEdge.BOTTOM));
        List<String> s0 = labels(Axes.forLevels("users", List.of(5.0, 10.0, 20.0, 30.0, 50.0, 80.0, 100.0)), RectangleEdge.BOTTOM);
        assertEquals(List.of("5", "10", "20", "30", "50", "80", "100"), s0);
        List<String> clients = labels(Axes.forLevels("clients", List.of(2.0, 4.0, 8.0, 16.0)), RectangleEdge.BOTTOM);
        assertEquals(List.of("2", "4", "8", "16"), clients);
        assertEquals(List.of("0.1", "0.5", "1", "2"), labels(Axes.forLevels("interval", List.of(0.1, 0.5, 1.0, 2.0)),
                RectangleEdge.BOTTOM));
    }

    @Test
    void levelsTooCloseForTheirLabelsKeepTheTickButDropALabelNeverTheLast() {
        // 50 and 100 rows sit 15 px apart on 600 px for 50 … 2000: one of them loses its label, 2000 keeps its own.
        ValueAxis rows = Axes.forLevels("rows", List.of(50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0));
        List<Double> ticks = values(rows);
        assertEquals(List.of(50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0), ticks);
        List<String> labels = labels(rows, RectangleEdge.BOTTOM);
        assertTrue(labels.size() < 6 && labels.contains("2000") && labels.contains("1000"), labels.toString());
    }

    @Test
    void rowsFrom50To2000TickInWholeRowsWithoutGrouping() {
        List<String> labels = labels(Axes.forLevels("rows", List.of(50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0)), RectangleEdge.BOTTOM);
        assertTrue(labels.contains("1000"), labels.toString());
        labels.forEach(l -> assertTrue(l.matches("\\d+"), l));
    }

    @Test
    void aSinglePointGetsARangeAroundItAndOneLabel() {
        ValueAxis users = Axes.forLevels("users", List.of(5.0));
        assertEquals(List.of("5"), labels(users, RectangleEdge.BOTTOM));
        assertTrue(users.getRange().getLength() > 0 && users.getRange().contains(5), users.getRange().toString());
    }

    @Test
    void anErrorAxisOfZerosReadsZeroToOnePercentWithoutMinusZero() {
        NumberAxis errors = Axes.number("errors (%)", false);
        errors.setRange(Axes.percentRange(0));
        assertEquals(new Range(0, 1), errors.getRange());
        List<String> labels = labels(errors, RectangleEdge.LEFT);
        assertEquals(labels.size(), labels.stream().distinct().count(), labels.toString());
        assertTrue(labels.get(0).matches("0(\\.0+)?") && labels.get(labels.size() - 1).matches("1(\\.0+)?"), labels.toString());
    }

    @Test
    void noTickReadsMinusZero() {
        NumberAxis around = Axes.number("speedup", false);
        around.setRange(-1e-17 - 0.0004, 0.0006);
        List<String> labels = labels(around, RectangleEdge.LEFT);
        labels.forEach(l -> assertFalse(l.matches("-0(\\.0*)?"), labels.toString()));
        assertEquals(labels.size(), labels.stream().distinct().count(), labels.toString());
        assertEquals("0", new Axes.TickFormat(0).format(-0.0));
        assertEquals("0.00", new Axes.TickFormat(2).format(-0.001));
        assertEquals("-0.01", new Axes.TickFormat(2).format(-0.01));
        assertEquals("1100", new Axes.TickFormat(0).format(1100));
    }

    @Test
    void doublingUsersGetABase2LogAxisWithWholeLabels() {
        ValueAxis users = Axes.forLevels("users", List.of(4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0));
        assertInstanceOf(LogAxis.class, users);
        List<String> labels = labels(users, RectangleEdge.BOTTOM);
        assertTrue(labels.containsAll(List.of("4", "16", "64", "256", "1024")), labels.toString());
        // S2's 4 … 1024 on a linear axis ran together as 0100200300400500600700800900 1000.
        assertInstanceOf(LogAxis.class, Axes.forLevels("users", List.of(4.0, 16.0, 64.0, 256.0, 1024.0)));
        assertEquals(List.of("5", "20", "50", "100"), labels(Axes.forLevels("users", List.of(5.0, 20.0, 50.0, 100.0), false),
                RectangleEdge.BOTTOM));
    }

    @Test
    void valueRangesStartAtZeroAndNeverCollapse() {
        assertEquals(new Range(0, 1), Axes.valueRange(0, 0));
        assertEquals(new Range(0, 1), Axes.valueRange(Double.NaN, Double.NaN));
        assertEquals(0, Axes.valueRange(5, 5).getLowerBound());
        assertTrue(Axes.valueRange(5, 5).getUpperBound() > 5);
        assertTrue(Axes.valueRange(-2, -2).getLength() > 0);
    }
}
