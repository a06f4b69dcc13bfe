package org.dbstudy.generator;

import java.nio.file.Path;
import java.util.Locale;

/**
 * A minimal command line for the generator alone (the project's CLI is the real one):
 * {@code java -cp … org.dbstudy.generator.Generate STUDY OUTDIR} renders a built-in study or study
 * file and prints the number of plans and the time it took.
 */
public final class Generate {
    private Generate() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: Generate STUDY OUTDIR   (STUDY: a built-in name or a YAML file)");
            System.exit(2);
        }
        long start = System.nanoTime();
        try {
            Study study = Studies.load(args[0]);
            GeneratedStudy out = PlanGenerator.write(study, Path.of(args[1]));
            System.out.printf(Locale.ROOT, "%s: %d plans in %s, %.3f s%n", study.name(), out.plans().size(),
                    args[1], (System.nanoTime() - start) / 1e9);
        } catch (StudyFileException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }
}
