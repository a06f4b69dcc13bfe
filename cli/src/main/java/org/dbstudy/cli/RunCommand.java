package org.dbstudy.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.dbstudy.generator.Study;
import org.dbstudy.generator.Target;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code dbstudy run}: every cell of a study against one database, then the report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Run every cell of a study with JMeter against one database (or remote agents) and analyse the results.")
final class RunCommand implements Callable<Integer> {
    @Mixin
    StudyOptions studyOptions;

    @Mixin
    JMeterHomeOptions jmeterHomeOptions;

    @Option(names = "--db", required = true, paramLabel = "DB", description = "One of: " + Targets.VALID + ".")
    String db;

    @Option(names = "--url", paramLabel = "JDBC_URL", description = "The database (default: the study target's URL for this database).")
    String url;

    @Option(names = "--user", paramLabel = "USER", description = "Database user (default: the study target's user).")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable holding the password (never stored in plans, logs or reports).")
    String passwordEnv;

    @Option(names = "--out", paramLabel = "DIR", description = "Where plans, results and the report go (default: results/<study>-<db>).")
    Path out;

    @Option(names = "--remote", paramLabel = "HOST:PORT,...", split = ",", description = "Run each cell on these JMeter agents (see 'dbstudy agent').")
    List<String> remote = new ArrayList<>();

    @Option(names = "--resume", description = "Skip the cells that finished in an earlier run into the same --out.")
    boolean resume;

    @Option(names = "--embedded-port", paramLabel = "PORT", defaultValue = "0", description = "Port of an embedded database (default: any free port).")
    int embeddedPort;

    @Option(names = "--progress", paramLabel = "SECONDS", defaultValue = "10", description = "Seconds between progress lines (default ${DEFAULT-VALUE}).")
    int progressSeconds;

    @Override
    public Integer call() throws Exception {
        String dialect = Targets.dialectOf(db);
        Study study = studyOptions.load().forDialect(dialect);
        Path outDir = out != null ? out : Path.of("results", study.name() + "-" + db.toLowerCase(Locale.ROOT).replace(':', '-'));
        JMeterHome home = jmeterHomeOptions.locate();
        System.out.println("JMeter home: " + home);
        if (Targets.embedded(db)) {
            System.out.println("starting " + db + " ...");
            EmbeddedTarget started;
            try {
                started = EmbeddedTarget.start(db.toLowerCase(Locale.ROOT), embeddedPort);
            } catch (UserError e) {
                throw e;
            } catch (RuntimeException e) {
                System.err.println("dbstudy run: could not start " + db + ": " + e.getMessage());
                return 1;
            }
            try (EmbeddedTarget embedded = started) {
                System.out.println(db + " is " + embedded.settings());
                return run(study, embedded.settings(), outDir, home);
            }
        }
        return run(study, connection(study, dialect), outDir, home);
    }

    private int run(Study study, ConnectionSettings settings, Path outDir, JMeterHome home) throws Exception {
        List<String> problems = Preflight.problems(study, settings, remote);
        if (!problems.isEmpty()) {
            System.err.println("dbstudy run: the study cannot start:");
            problems.forEach(p -> System.err.println("  - " + p));
            return Main.USER_ERROR;
        }
        System.out.printf(Locale.ROOT, "study %s: %d cells on %s, estimated %s; output in %s%n", study.name(),
                study.cells().size(), settings, Durations.hms(study.estimatedSeconds()), outDir.toAbsolutePath());
        StudyRunner.Outcome outcome = new StudyRunner(study, settings, outDir, remote, resume, home, System.out, null,
                progressSeconds * 1000L).run();
        outcome.report().warnings().forEach(w -> System.out.println("warning: " + w));
        System.out.println("report: " + outcome.report().indexHtml().toAbsolutePath());
        return outcome.failed() == 0 ? 0 : 1;
    }

    private ConnectionSettings connection(Study study, String dialect) {
        Target target = study.targets().stream().filter(t -> t.dialect().equals(dialect)).findFirst()
                .orElse(study.targets().get(0));
        String password = "";
        if (passwordEnv != null) {
            password = System.getenv(passwordEnv);
            if (password == null) {
                throw new UserError("--password-env " + passwordEnv + ": that environment variable is not set");
            }
        }
        return new ConnectionSettings(dialect, url != null ? url : target.url(), user != null ? user : target.user(), password);
    }
}
