package org.dbstudy.cli;

import java.util.ArrayList;
import java.util.List;
import org.dbstudy.cli.run.StudyRequest;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.study.Study;
import picocli.CommandLine.Option;

/** The options that pick a study and change it: shared by generate and run. */
final class StudyOptions {
    @Option(names = "--study", required = true, paramLabel = "NAME|FILE",
            description = "A built-in study (see 'dbstudy studies') or a study file (YAML).")
    String study;

    @Option(names = "--set", paramLabel = "FACTOR=L1,L2",
            description = "Replace a factor's levels, e.g. --set users=5,10; or a setting: --set duration=S, --set rest=S,"
                    + " --set replicates=N (runs per cell; 1 for a quick trial).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Replace the duration of every cell.")
    Long duration;

    @Option(names = "--rest", paramLabel = "SECONDS", description = "Replace the rest between cells (e.g. --rest 0 for a trial run).")
    Long rest;

    /** What these options chose, as a value a run request carries. */
    StudyRequest request() {
        return new StudyRequest(study, sets, duration, rest);
    }

    /** The study with the command line's changes applied, on the dialect of {@code db} when it is given (--db). */
    Study load(String db) throws StudyFileException {
        return request().load(db);
    }

    /** The study with the command line's changes applied. */
    Study load() throws StudyFileException {
        return request().load();
    }
}
