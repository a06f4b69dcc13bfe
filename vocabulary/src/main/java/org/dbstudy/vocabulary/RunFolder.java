package org.dbstudy.vocabulary;

import java.nio.file.Path;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * The layout of a run folder ({@code bin/dbstudy run --out OUT}, {@code mvn verify}'s): every folder
 * and file name in it, and a cell's own files, named after its plan's base name in one place. The
 * generator writes the plans and the manifest, the runners the rest, analysis reads it.
 */
public final class RunFolder {
    /** {@code plans/<cell>.jmx}, one per cell and replicate. */
    public static final String PLANS = "plans";
    /** {@code results/<cell>.jtl}. */
    public static final String RESULTS = "results";
    /** {@code monitor/<cell>.csv}: host, server processes and database counters per second. */
    public static final String MONITOR = "monitor";
    /** {@code logs/<cell>.log}: JMeter's log per cell (its output and its JVM's GC log beside it). */
    public static final String LOGS = "logs";
    /** {@code interrupted/<cell>.jtl.partial-N}: earlier, interrupted runs of a cell, kept. */
    public static final String INTERRUPTED = "interrupted";
    /** The analysis: {@code report/index.html}, {@code report/summary.csv}, ... */
    public static final String REPORT = "report";
    public static final String MANIFEST = ManifestColumns.FILE_NAME;
    /** The effective study, as the generator read it. */
    public static final String STUDY = "study.yaml";
    /** The same study as properties, for a plan run by hand ({@code jmeter -q}). */
    public static final String STUDY_PROPERTIES = "study.properties";
    public static final String CLAIMS = ClaimsFile.FILE_NAME;
    /** Server version and settings, driver, JMeter, Java, client machine; no password. */
    public static final String ENVIRONMENT = "environment.json";
    public static final String RUN_STATUS = RunStatusFile.FILE_NAME;
    /** With {@code --budget}: each claim's decision across the looks of the replicate loop (analysis' {@code adaptive}). */
    public static final String SEQUENTIAL = "sequential.csv";
    public static final String SERVER_JOURNAL = ServerJournalFile.FILE_NAME;
    /** The one run writing the folder: its PID and start. */
    public static final String LOCK = "run.lock";
    /** Why a run stopped before its end without a signal: its output closed ({@code run ... | head}). */
    public static final String STOPPED = "stopped.txt";
    /** JMeter and an embedded server while they run, for the watchdog and the next run. */
    public static final String CHILDREN = "children.pid";

    private static final String PLAN_SUFFIX = ".jmx";
    /** How a cell's GC log ends; {@code logs/<base>.gc.log}. */
    public static final String GC_LOG_SUFFIX = ".gc.log";

    private RunFolder() {
    }

    /** A cell's plan as the manifest names it, relative to the folder: {@code plans/<base>.jmx}. */
    public static String plan(String base) {
        return PLANS + "/" + base + PLAN_SUFFIX;
    }

    /** The base name every file of a cell shares: {@code plans/read-users5.jmx} → {@code read-users5}. */
    public static String base(String plan) {
        return ManifestColumns.planBase(plan);
    }

    /** {@code OUT/results/<base>.jtl}. */
    public static Path jtl(Path out, String base) {
        return out.resolve(RESULTS).resolve(base + ".jtl");
    }

    /** {@code OUT/monitor/<base>.csv}. */
    public static Path monitorCsv(Path out, String base) {
        return out.resolve(MONITOR).resolve(base + ".csv");
    }

    /** {@code OUT/logs/<base>.log}. */
    public static Path log(Path out, String base) {
        return out.resolve(LOGS).resolve(base + ".log");
    }

    /**
     * {@code OUT/logs/<base>.gc.log}, beside a cell's JMeter log {@code OUT/logs/<base>.log}: the JMeter
     * JVM's garbage collections ({@code -Xlog:gc}), for the client's pauses.
     */
    public static Path gcLog(Path cellLog) {
        String name = cellLog.getFileName().toString();
        return cellLog.resolveSibling((name.endsWith(".log") ? name.substring(0, name.length() - 4) : name) + GC_LOG_SUFFIX);
    }

    /** {@code OUT/logs/<base>.gc.log}. */
    public static Path gcLog(Path out, String base) {
        return gcLog(log(out, base));
    }

    /** Whether a file of {@code OUT/logs} is a cell's JMeter log (not its GC log). */
    public static boolean isJMeterLog(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".log") && !name.endsWith(GC_LOG_SUFFIX);
    }

    /** {@code OUT/interrupted/<base>.jtl.partial-<n>}. */
    public static Path interrupted(Path out, String base, int n) {
        return out.resolve(INTERRUPTED).resolve(base + ".jtl.partial-" + n);
    }
}
