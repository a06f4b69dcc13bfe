package org.dbstudy.analysis.report.validity;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.dbstudy.analysis.cells.Levels;
import org.dbstudy.analysis.statistics.ColumnValue;
import org.dbstudy.vocabulary.files.ReportColumn;
import org.dbstudy.vocabulary.FactorNames;
import org.dbstudy.analysis.report.format.Fmt;

/**
 * A verdict per cell on whether its numbers measure the database under the designed load, from its row
 * of {@code summary.csv} (its report columns' typed values, {@link Row}), the monitor's and the client's columns included ({@code MonitorSummary},
 * {@code ClientSummary}): what threatened it. A cell whose client fell behind its schedule ran a
 * lighter load than it names; one whose host CPU was saturated or stolen measured the machine as much
 * as the database; one whose client was CPU-bound or stopped for its GC timed the client too; one
 * whose server had other clients shared it; one with seconds whose host figures the monitor could not
 * read is judged on part of its host figures only. Written as {@link #COLUMNS}, the last of summary.csv, on the page ({@code ValiditySection}) and on the
 * console (a warning).
 */
public final class Validity {
    public static final List<String> COLUMNS = List.of("validity", "validity_threats");
    public static final String VALID = "valid";
    public static final String THREATENED = "threatened";
    /** Nothing to judge by: no samples, or no monitor data (no threat found is not a clean bill without the host's figures). */
    public static final String NOT_ASSESSED = "not assessed";
    /** Host CPU busy (mean over the cell) at or above this: the machine, not the database, set the pace. */
    public static final double CPU_SATURATED_PCT = 95;
    /**
     * JMeter's CPU over the measured window, as a share of all the client machine's cores, at or above
     * this: the client alone kept the machine nearly busy, so its threads waited for a core and that
     * wait became response time and lost schedule.
     */
    public static final double CLIENT_CPU_SATURATED_PCT = 80;
    /** A client GC pause longer than this: every sample running through it was timed that much longer. */
    public static final double GC_PAUSE_MAX_MS = 100;
    /** Client GC pauses summing to more than this share of JMeter's run time (percent). */
    public static final double GC_PAUSE_SHARE_PCT = 5;
    /** CPU stolen by the hypervisor (mean) at or above this: another guest took part of the machine. */
    public static final double STEAL_PCT = 5;
    /**
     * Connecting and priming (setUp's end to the first workload sample) above this share of that time
     * plus the measured window: the thread group's duration counts it, so the window measured is that
     * much shorter than designed, and users still starting overlap the first measured seconds.
     */
    public static final double PRIMING_SHARE = 0.25;
    /** Connections the cell itself may hold beyond its users (setUp, tearDown). */
    static final int OWN_EXTRA_CONNECTIONS = 1;
    /**
     * summary.csv's column of the connections each user holds, present when above 1 (a custom workload's mix:
     * one per transaction's sampler), so that the cell's own are not counted as other clients'.
     */
    public static final String CONNECTIONS_PER_USER = "connections_per_user";

    /**
     * The kinds of threat, each the start of its threat's text: the trust summary counts cells per kind
     * ({@link #kinds}), so a text and its kind cannot drift apart.
     */
    public enum Kind {
        SCHEDULE_LAG("schedule lag"), BEHIND_SCHEDULE("behind schedule"), SETUP_RAN_OVER("setUp ran over"),
        HOST_CPU("host CPU saturated"), CPU_STEAL("CPU steal"), CLIENT_CPU("client CPU saturated"),
        CLIENT_GC("long client GC pauses"), HOST_MISSING("host figures missing"),
        SHARED_SERVER("server shared with other clients");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        public String text() {
            return text;
        }
    }

    /** Why a cell with no threat found is still not judged valid. */
    public static final String NO_SAMPLES = "no samples: nothing was measured";
    public static final String NO_MONITOR = "no monitor data: the host's CPU and the server's connections were not measured";

    /**
     * One cell's verdict: its threats, none for a valid cell; {@code unassessed} says why a cell without
     * threats is not assessed ("" when it was).
     */
    public record Verdict(String cell, List<String> threats, String unassessed) {
        public boolean valid() {
            return threats.isEmpty() && unassessed.isEmpty();
        }

        /** {@link #VALID}, {@link #THREATENED} or {@link #NOT_ASSESSED}. */
        public String word() {
            return !threats.isEmpty() ? THREATENED : unassessed.isEmpty() ? VALID : NOT_ASSESSED;
        }
    }

    private Validity() {
    }

    /**
     * A cell's row as the verdict reads it: the report columns' typed values, and the fields of the columns measured
     * beside them (the monitor's, the client's, the factors) by name, "" for a column the row lacks.
     */
    public interface Row {
        ColumnValue value(ReportColumn column);

        String field(String column);
    }

    /**
     * One cell's verdict from a row of {@code summary.csv} read back (a report re-judged), {@code field} giving the
     * row's value of a column ("" for a column the summary lacks).
     */
    public static Verdict of(String cell, UnaryOperator<String> field) {
        return of(cell, new Row() {
            @Override
            public ColumnValue value(ReportColumn column) {
                String v = field.apply(column.id());
                return v.isEmpty() ? ColumnValue.EMPTY : column.unit() == ReportColumn.Unit.FLAG
                        ? new ColumnValue.Flag(Boolean.parseBoolean(v)) : ColumnValue.of(Levels.number(v));
            }

            @Override
            public String field(String column) {
                return field.apply(column);
            }
        });
    }

    /** One cell's verdict from its typed values and the fields measured beside them. */
    public static Verdict of(String cell, Row row) {
        List<String> threats = threats(row);
        double samples = row.value(ReportColumn.SAMPLES).number();
        String seconds = row.field("monitor_seconds");
        // A cell without samples measured nothing; one without monitor data had its host unseen: neither is "valid".
        String unassessed = samples == 0 ? NO_SAMPLES : seconds.isEmpty() || seconds.equals("0") ? NO_MONITOR : "";
        return new Verdict(cell, threats, threats.isEmpty() ? unassessed : "");
    }

    /** The verdict's fields under {@link #COLUMNS}: the word and the threats, or why the cell was not assessed. */
    public static List<String> fields(Verdict v) {
        return List.of(v.word(), v.threats().isEmpty() ? v.unassessed() : String.join("; ", v.threats()));
    }

    /** The kinds of threat named in a {@code validity_threats} field, in {@link Kind} order. */
    public static List<Kind> kinds(String threatsField) {
        List<Kind> out = new ArrayList<>();
        for (Kind k : Kind.values()) {
            if (threatsField.startsWith(k.text()) || threatsField.contains("; " + k.text())) {
                out.add(k);
            }
        }
        return out;
    }

    /** What threatened one cell, in words with the numbers behind them. */
    private static List<String> threats(Row row) {
        List<String> out = new ArrayList<>();
        if (row.value(ReportColumn.BEHIND_SCHEDULE).number() == 1) {
            String rates = "offered " + Fmt.num(number(row, ReportColumn.OFFERED_PER_S), 1) + "/s of "
                    + Fmt.num(number(row, ReportColumn.DESIGNED_PER_S), 1) + "/s designed";
            double lag = number(row, ReportColumn.LAG_P99_MS);
            double bound = number(row, ReportColumn.LAG_BOUND_MS);
            boolean lagOver = lag > bound;
            if (lagOver) {
                out.add(Kind.SCHEDULE_LAG.text() + ": p99 " + Fmt.num(lag, 0) + " ms above the bound of " + Fmt.num(bound, 0)
                        + " ms (" + rates + ")");
            }
            double share = number(row, ReportColumn.OFFERED_SHARE);
            double shareBound = number(row, ReportColumn.OFFERED_SHARE_BOUND);
            if (share < shareBound) {
                // The rates once: the lag's threat gave them already. Without lag the client kept its
                // schedule and the responses, grown above the fastest, stretched each period: say so.
                out.add(Kind.BEHIND_SCHEDULE.text() + ": " + (lagOver ? "" : rates + " (") + Fmt.num(100 * share, 0) + " % of the designed"
                        + " rate offered, below " + Fmt.num(100 * shareBound, 0) + " %" + (lagOver ? ""
                        : "), paced by the responses (mean " + Fmt.num(number(row, ReportColumn.MEAN_MS), 1) + " ms, fastest "
                        + Fmt.num(number(row, ReportColumn.MIN_MS), 0) + " ms), not by the client"));
            }
        }
        double priming = number(row, ReportColumn.PRIMING_SHARE);
        if (priming > PRIMING_SHARE) {
            out.add(Kind.SETUP_RAN_OVER.text() + ": connecting and priming took " + Fmt.num(number(row, ReportColumn.PRIMING_S), 1)
                    + " s after the setUp, " + Fmt.num(100 * priming, 0) + " % of the cell (bound "
                    + Fmt.num(100 * PRIMING_SHARE, 0) + " %)");
        }
        double cpu = number(row, "host_cpu_mean_pct");
        if (cpu >= CPU_SATURATED_PCT) {
            out.add(Kind.HOST_CPU.text() + " (mean " + Fmt.num(cpu, 1) + " % busy)");
        }
        double steal = number(row, "host_cpu_steal_mean_pct");
        if (steal >= STEAL_PCT) {
            out.add(Kind.CPU_STEAL.text() + " (mean " + Fmt.num(steal, 1) + " %)");
        }
        double clientCpu = number(row, "client_cpu_pct");
        if (clientCpu >= CLIENT_CPU_SATURATED_PCT) {
            out.add(Kind.CLIENT_CPU.text() + " (JMeter used " + Fmt.num(clientCpu, 1) + " % of the machine's cores)");
        }
        double pauseMax = number(row, "client_gc_pause_max_ms");
        double pauseShare = number(row, "client_gc_pause_pct");
        if (pauseMax > GC_PAUSE_MAX_MS || pauseShare > GC_PAUSE_SHARE_PCT) {
            out.add(Kind.CLIENT_GC.text() + " (longest " + Fmt.num(pauseMax, 0) + " ms, " + Fmt.num(pauseShare, 1)
                    + " % of JMeter's run; bounds " + Fmt.num(GC_PAUSE_MAX_MS, 0) + " ms, " + Fmt.num(GC_PAUSE_SHARE_PCT, 0)
                    + " %)");
        }
        double hostMissing = number(row, "host_missing_seconds");
        if (hostMissing > 0) {
            out.add(Kind.HOST_MISSING.text() + " for " + Fmt.num(hostMissing, 0) + " of " + Fmt.num(number(row, "monitor_seconds"), 0)
                    + " monitored seconds");
        }
        double users = number(row, FactorNames.USERS);
        double perUser = row.field(CONNECTIONS_PER_USER).isEmpty() ? 1 : number(row, CONNECTIONS_PER_USER);
        double connections = number(row, "connections_max");
        if (connections > users * perUser + OWN_EXTRA_CONNECTIONS) {
            out.add(Kind.SHARED_SERVER.text() + " (up to " + Fmt.num(connections, 0) + " connections, the cell has "
                    + Fmt.num(users, 0) + " users" + (perUser > 1 ? " with " + Fmt.num(perUser, 0) + " connections each" : "")
                    + ")");
        }
        return out;
    }

    private static double number(Row row, ReportColumn column) {
        return row.value(column).number();
    }

    /** A field measured beside the report columns, as a number: NaN when empty. */
    private static double number(Row row, String column) {
        String v = row.field(column);
        return v.isEmpty() ? Double.NaN : Levels.number(v);
    }

    /** Longest line of {@link #warning}: a console line a reader takes in at once (a 600-character line was not). */
    public static final int MAX_LINE = 160;
    /** Threat lines the warning lists before it points to summary.csv and the page for the rest. */
    static final int MAX_THREAT_LINES = 12;

    /**
     * The console's warning over the threatened cells, or null when every cell is valid: a first line with the
     * count, then one line per cell and threat ({@code cell: threat}), each at most {@link #MAX_LINE} characters
     * (a longer one continues on an indented line), lines separated by '\n'.
     */
    public static String warning(List<Verdict> verdicts) {
        List<Verdict> threatened = verdicts.stream().filter(v -> !v.threats().isEmpty()).toList();
        if (threatened.isEmpty()) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        lines.add(threatened.size() + " of " + verdicts.size() + " cells ran under threats to their validity"
                + " (summary.csv validity_threats, the report's Validity section):");
        int shown = 0;
        int cellsLeft = threatened.size();
        for (Verdict v : threatened) {
            if (shown + v.threats().size() > MAX_THREAT_LINES && shown > 0) {
                break;
            }
            for (String threat : v.threats()) {
                lines.addAll(wrapped("  " + v.cell() + ": " + threat, "      "));
                shown++;
            }
            cellsLeft--;
        }
        if (cellsLeft > 0) {
            lines.add("  and " + cellsLeft + " more cell" + (cellsLeft == 1 ? "" : "s") + " (see summary.csv)");
        }
        return String.join("\n", lines);
    }

    /** {@code line} cut at spaces into lines of at most {@link #MAX_LINE} characters, each further one indented. */
    static List<String> wrapped(String line, String indent) {
        List<String> out = new ArrayList<>();
        String rest = line;
        while (rest.length() > MAX_LINE) {
            int cut = rest.lastIndexOf(' ', MAX_LINE);
            if (cut <= indent.length()) {
                cut = MAX_LINE; // one word longer than a line: cut it
            }
            out.add(rest.substring(0, cut).stripTrailing());
            rest = indent + rest.substring(cut).strip();
        }
        out.add(rest);
        return out;
    }
}
