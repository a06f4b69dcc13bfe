package org.dbstudy.cli;

import org.dbstudy.cli.run.RunRequest;
import org.dbstudy.databases.settings.CommandRestart;
import picocli.CommandLine.Option;

/** The options that restart a database server for a setting that needs it: declared once, for {@code run} and {@code restore}. */
final class RestartOptions {
    @Option(names = "--restart-command", paramLabel = "COMMAND",
            description = "Shell command that restarts the database server, for server.<setting> factors that need a restart"
                    + " (run's default: the study target's restart; restore needs it when a restart-needing setting was changed)."
                    + " MySQL/MariaDB get the static settings in $" + CommandRestart.SETTINGS_VARIABLE + ".")
    String command;

    @Option(names = "--restart-timeout", paramLabel = "SECONDS", defaultValue = "" + CommandRestart.DEFAULT_TIMEOUT_SECONDS,
            description = "Seconds the restart command may take; then it and its child processes are killed and the command stops (default ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    /** What these options chose, as a value a run request carries. */
    RunRequest.Restart request() {
        return new RunRequest.Restart(command, timeoutSeconds);
    }

    /** The --restart-timeout, refused unless above 0. */
    long timeoutSeconds() {
        return request().checkedTimeoutSeconds();
    }
}
