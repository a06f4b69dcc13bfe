package org.dbstudy.cli;

import java.util.Locale;
import java.util.concurrent.Callable;
import org.dbstudy.generator.study.Study;
import org.dbstudy.cli.run.Durations;
import org.dbstudy.cli.run.RunEstimate;
import org.dbstudy.cli.server.Targets;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code dbstudy check}: a study file checked as {@code generate} and {@code run} check it (every
 * mistake at once, with file, line and field), its cells expanded, and nothing written or started.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = "Check a study file (and --set changes) and list every mistake at once; nothing is written or run.")
final class CheckCommand implements Callable<Integer> {
    @Mixin
    StudyOptions studyOptions;

    @Option(names = "--db", paramLabel = "DB", description = "Check it for this database, as 'run --db DB' would: " + Targets.VALID + " (the estimate's default: "
            + RunEstimate.DEFAULT_DB + ").")
    String db;

    @Override
    public Integer call() throws Exception {
        Study study = studyOptions.load(db);
        System.out.printf(Locale.ROOT, "%s: ok: study %s, %s, estimated %s on %s%n", studyOptions.study, study.name(),
                RunEstimate.runs(study), Durations.hms(RunEstimate.of(study, db).totalSeconds()), RunEstimate.db(db));
        return 0;
    }
}
