package org.dbstudy.cli;

import org.dbstudy.cli.run.RunRequest;
import picocli.CommandLine.Option;

/** The options that reach a database server: declared once, for {@code run}, {@code restore} and {@code reproduce}. */
final class ConnectionOptions {
    @Option(names = "--url", paramLabel = "JDBC_URL",
            description = "The database (default: run: the URL of the study's target of this kind, so a study without one needs --url;"
                    + " restore: the URL in the journal, when it held no password).")
    String url;

    @Option(names = "--user", paramLabel = "USER", description = "Database user (default: run: the study target's user; restore: the journal's).")
    String user;

    @Option(names = "--password-env", paramLabel = "VAR", description = "Environment variable holding the password (never stored in plans, logs or reports).")
    String passwordEnv;

    /** What these options chose, as a value a run request carries. */
    RunRequest.Connection request() {
        return new RunRequest.Connection(url, user, passwordEnv);
    }

    /** The password from the --password-env variable; "" without the option. */
    String password() {
        return request().password();
    }
}
