package org.dbstudy.cli;

import java.util.Locale;
import org.dbstudy.generator.study.BuiltInStudy;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.cli.run.Durations;
import org.dbstudy.cli.run.RunEstimate;
import picocli.CommandLine.Command;

/**
 * {@code dbstudy studies}: the built-in studies with their cells, replicates, runs (cells x replicates,
 * what a run's progress counts) and run times.
 */
@Command(name = "studies", mixinStandardHelpOptions = true, description = "List the built-in studies.")
final class StudiesCommand implements Runnable {

    @Override
    public void run() {
        System.out.printf(Locale.ROOT, "%-18s %6s %4s %6s %12s  %s%n", "STUDY", "CELLS", "REPL", "RUNS", "RUN TIME",
                "DESCRIPTION");
        for (BuiltInStudy s : Studies.builtIns()) {
            System.out.printf(Locale.ROOT, "%-18s %6d %4s %6d %12s  %s%n", s.name(), s.cells(), "x" + s.replicates(),
                    s.runs(), Durations.hms(RunEstimate.of(s.study(), null).totalSeconds()), s.description());
        }
        System.out.println("RUN TIME: estimated for --db " + RunEstimate.DEFAULT_DB + " on a machine without other work;"
                + " 'dbstudy check --study NAME --db DB' estimates another database");
    }
}
