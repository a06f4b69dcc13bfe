package org.dbstudy.cli;

import org.dbstudy.analysis.reading.AnalysisInputException;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.cli.failure.EnvironmentError;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.run.BuildInfo;
import org.dbstudy.cli.run.RunRequest;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code bin/dbstudy}. */
@Command(name = "dbstudy", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Database performance studies as runnable Apache JMeter plans, runs and statistics.",
        subcommands = {StudiesCommand.class, CheckCommand.class, GenerateCommand.class, RunCommand.class, AnalyzeCommand.class, FigureCommand.class,
                AgentCommand.class, MonitorCommand.class, RestoreCommand.class, ReproduceCommand.class},
        footer = {"", "Run 'dbstudy COMMAND --help' for a command's options. Docs: docs/ in the dbstudy checkout."})
public final class Main implements Runnable {
    public static final int USER_ERROR = 2;
    /** A problem of the machine (full disk, a process that will not stop): one line, this status. */
    static final int ENVIRONMENT_ERROR = 1;
    /** picocli's switch for its Groovy closure support (read when its default factory loads). */
    private static final String DISABLE_CLOSURES = "picocli.disable.closures";

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs a command line and returns its exit status (tests call this instead of main). */
    public static int execute(String... args) {
        // picocli looks for Groovy closures in annotations, and with JMeter's Groovy on the class path
        // that initialises the Groovy runtime: about 0.7 s of every command's start. dbstudy has none.
        if (System.getProperty(DISABLE_CLOSURES) == null) {
            System.setProperty(DISABLE_CLOSURES, "true");
        }
        CommandLine cli = new CommandLine(new Main());
        // Every parse error: the problem, suggestions for a typo, then the usage of that command.
        cli.setParameterExceptionHandler((e, args2) -> {
            CommandLine failed = e.getCommandLine();
            String missing = missingOptions(e);
            if (missing != null) {
                // A flag left out is one line, what it takes included: the whole usage hid it.
                failed.getErr().println("dbstudy " + failed.getCommandName() + ": " + missing + " (see 'dbstudy "
                        + failed.getCommandName() + " --help')");
                return USER_ERROR;
            }
            failed.getErr().println(e.getMessage());
            CommandLine.UnmatchedArgumentException.printSuggestions(e, failed.getErr());
            failed.usage(failed.getErr());
            return USER_ERROR;
        });
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> failed(commandLine.getCommandName(), e, commandLine.getErr()));
        return cli.execute(args);
    }

    /**
     * Runs a request as {@code dbstudy run} does, for {@code reproduce} and {@code mvn verify}, which build it
     * directly: the same messages and exit status as the command line would give.
     */
    public static int run(RunRequest request) {
        PrintWriter err = new PrintWriter(System.err, true);
        try {
            return RunCommand.execute(request, request.words());
        } catch (Exception e) {
            try {
                return failed("run", e, err);
            } catch (Exception unexpected) {
                // As picocli does for an exception no handler took: its trace, status 1.
                unexpected.printStackTrace(err);
                return ENVIRONMENT_ERROR;
            }
        }
    }

    /** A command's failure as one line and its status; anything else is rethrown. */
    private static int failed(String command, Exception e, PrintWriter err) throws Exception {
        if (e instanceof StudyFileException problems) {
            // Every mistake of a study file, one line each.
            problems.messages().forEach(m -> err.println("dbstudy " + command + ": " + m));
            return USER_ERROR;
        }
        if (e instanceof UserError || e instanceof AnalysisInputException) {
            err.println("dbstudy " + command + ": " + e.getMessage());
            return USER_ERROR;
        }
        String diskFull = EnvironmentError.diskFull(e);
        if (e instanceof EnvironmentError || diskFull != null) {
            err.println("dbstudy " + command + ": " + (diskFull != null ? diskFull : e.getMessage()));
            return ENVIRONMENT_ERROR;
        }
        throw e;
    }

    /** "missing --db: one of …" for each required option left out; null for any other mistake. */
    static String missingOptions(CommandLine.ParameterException e) {
        if (!(e instanceof CommandLine.MissingParameterException m) || m.getMissing() == null || m.getMissing().isEmpty()
                || !m.getMissing().stream().allMatch(a -> a instanceof CommandLine.Model.OptionSpec)) {
            return null;
        }
        java.util.List<String> each = new java.util.ArrayList<>();
        for (CommandLine.Model.ArgSpec arg : m.getMissing()) {
            CommandLine.Model.OptionSpec option = (CommandLine.Model.OptionSpec) arg;
            String what = option.description().length == 0 ? option.paramLabel() : option.description()[0];
            what = what.endsWith(".") ? what.substring(0, what.length() - 1) : what;
            each.add("missing " + option.longestName() + ": " + Character.toLowerCase(what.charAt(0)) + what.substring(1));
        }
        return String.join("; ", each);
    }

    @Override
    public void run() {
        // No subcommand: show what there is.
        new CommandLine(this).usage(System.out);
    }

    /** The version and commit of dbstudy, and the versions of the JMeter and Java it runs with. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            BuildInfo build = BuildInfo.current();
            return new String[] {build.describe(), "Apache JMeter " + build.jmeter(),
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ", " + System.getProperty("java.home") + ")"};
        }
    }
}
