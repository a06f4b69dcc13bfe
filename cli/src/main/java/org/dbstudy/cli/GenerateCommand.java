package org.dbstudy.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.dbstudy.generator.plan.GeneratedStudy;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Study;
import org.dbstudy.cli.run.Durations;
import org.dbstudy.cli.run.RunEstimate;
import org.dbstudy.cli.run.RunFolderLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code dbstudy generate}: one JMeter plan per cell and a manifest, into a folder no run holds ({@link RunFolderLock}). */
@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Write one standalone JMeter plan per cell of a study, and manifest.csv.")
final class GenerateCommand implements Callable<Integer> {
    @Mixin
    StudyOptions studyOptions;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for plans/, manifest.csv and study.properties.")
    Path out;

    @Option(names = "--db", paramLabel = "postgres|mysql|mariadb",
            description = "Render the plans for this database instead of the study's target.")
    String db;

    @Override
    public Integer call() throws Exception {
        Study study = studyOptions.load(db);
        System.out.printf(Locale.ROOT, "study %s: %s, estimated %s on %s (duration %d s per run, rest %d s between runs)%n",
                study.name(), RunEstimate.runs(study), Durations.hms(RunEstimate.of(study, db).totalSeconds()),
                RunEstimate.db(db), study.durationSeconds(), study.restSeconds());
        long start = System.nanoTime();
        // A live run's folder is refused: new plans under it failed the run's remaining cells.
        try (RunFolderLock lock = RunFolderLock.acquire(out, System.out)) {
            GeneratedStudy generated = PlanGenerator.write(study, lock.folder());
            System.out.printf(Locale.ROOT, "wrote %d plans and %s in %.1f s%n", generated.plans().size(), generated.manifest(),
                    (System.nanoTime() - start) / 1e9);
        }
        return 0;
    }
}
