package org.dbstudy.cli.run;

import java.util.Locale;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.ClassDataArchive;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.study.StudyEstimate;

/**
 * The study's {@link StudyEstimate} as the commands print it: {@code studies}, {@code check},
 * {@code generate} and {@code run} ask here, so the four say the same for the same study and --db.
 */
public final class RunEstimate {
    /** The --db an estimate is for where none is given ({@code studies}, {@code check} without --db): README's quick start. */
    public static final String DEFAULT_DB = "embedded-postgres";

    private RunEstimate() {
    }

    /** For {@code --db db} (null: {@link #DEFAULT_DB}) with the JMeter home a run finds by default. */
    public static StudyEstimate of(Study study, String db) {
        boolean made;
        try {
            made = ClassDataArchive.made(JMeterHome.locate());
        } catch (UserError e) {
            made = false; // no home yet: the first run will make its archive
        }
        return of(study, db, made);
    }

    /** For {@code --db db} (null: {@link #DEFAULT_DB}) with the JMeter home a run uses. */
    static StudyEstimate of(Study study, String db, JMeterHome home) {
        return of(study, db, ClassDataArchive.made(home));
    }

    static StudyEstimate of(Study study, String db, boolean archiveMade) {
        String on = db(db);
        return StudyEstimate.of(study, Targets.kindOf(on), Targets.embedded(on), archiveMade);
    }

    /**
     * A line for a run that starts on a machine with more runnable work than cores (load average over
     * cores above 1): the estimate is for a quiet machine; smoke took 1.3x it at load 13 on 2 cores and
     * 2.3x at load 22 (2026-12-07). Empty on a quieter machine or where the load average is unknown.
     */
    static java.util.Optional<String> busyMachine(double loadAverage, int cores) {
        if (loadAverage < 0 || loadAverage <= cores) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(String.format(Locale.ROOT, "note: load average %.1f on %d cores: the estimate is for a"
                + " machine without other work, so expect longer; the ETA learns from the first run", loadAverage, cores));
    }

    /** {@link #busyMachine(double, int)} for this machine now. */
    static java.util.Optional<String> busyMachine() {
        java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        return busyMachine(os.getSystemLoadAverage(), os.getAvailableProcessors());
    }

    /** The --db the estimate is for. */
    public static String db(String db) {
        return db == null ? DEFAULT_DB : db;
    }

    /** The runs a study makes, as every command counts them: {@code 4 cells x 3 replicates = 12 runs}. */
    public static String runs(Study study) {
        return String.format(Locale.ROOT, "%d cells x %d replicates = %d runs", study.distinctCells(), study.replicates(),
                study.cells().size());
    }

    /**
     * The total and its parts, for run's first line: {@code 0:00:46 (0:00:20 measured, 0:00:00 rest,
     * 0:00:16 starting and finishing the runs, 0:00:10 once: dbstudy's start, the embedded server, the analysis)}.
     */
    public static String describe(StudyEstimate e) {
        return String.format(Locale.ROOT, "%s (%s measured, %s rest, %s starting and finishing the runs, %s once:"
                        + " dbstudy's start%s%s, the analysis)", Durations.hms(e.totalSeconds()),
                Durations.hms(e.measuredSeconds()), Durations.hms(e.restsSeconds()), Durations.hms(e.aroundRunsSeconds()),
                Durations.hms(Math.round(e.onceSeconds())), e.embedded() ? ", the embedded server" : "",
                e.archiveMade() ? "" : ", JMeter's class-data archive");
    }
}
