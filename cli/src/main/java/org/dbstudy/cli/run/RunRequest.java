package org.dbstudy.cli.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.jmeter.JMeterHomeOptions;
import org.dbstudy.cli.jmeter.RmiOptions;
import org.dbstudy.databases.settings.CommandRestart;

/**
 * Everything {@code dbstudy run} is asked to do, as values: what its options parse to, and what
 * {@code reproduce} and {@code mvn verify} ({@code MavenStudy}) build directly. Nothing here is checked
 * yet or touches a file; the password is an environment variable's name, never the password.
 *
 * @param db           the target word ({@code --db}, see {@code Targets})
 * @param out          the run folder, or null for {@link #outDir()}'s default
 * @param remote       the JMeter agents, HOST:PORT each; empty: JMeter runs here
 * @param baseline     the analysis' {@code --baseline}, or null
 * @param embeddedPort an embedded server's port, 0: any free one
 * @param monitor      where {@code dbstudy monitor} runs and its token, as given
 * @param budget       {@code --budget}: replicates added where claims are undecided, within this wall time
 */
public record RunRequest(StudyRequest study, String db, Connection connection, Path out, List<String> remote,
        Restart restart, String baseline, boolean resume, int embeddedPort, Monitor monitor, int progressSeconds,
        JMeterHomeOptions.Choice jmeter, RmiOptions.Choice rmi, Budget budget) {
    /** Seconds between progress lines when {@code --progress} is not given. */
    public static final int DEFAULT_PROGRESS_SECONDS = 10;

    public RunRequest {
        remote = List.copyOf(remote);
        budget = budget == null ? Budget.NONE : budget;
    }

    /** A run of {@code study} on {@code db} into {@code out} (null: the default folder) with every other option left out. */
    public static RunRequest of(StudyRequest study, String db, Path out) {
        return new RunRequest(study, db, Connection.NONE, out, List.of(), Restart.DEFAULT, null, false, 0, Monitor.NONE,
                DEFAULT_PROGRESS_SECONDS, JMeterHomeOptions.Choice.DEFAULT, RmiOptions.Choice.DEFAULT, Budget.NONE);
    }

    /** The server a run reaches ({@code --url}, {@code --user}, {@code --password-env}; null: the study target's). */
    public record Connection(String url, String user, String passwordEnv) {
        public static final Connection NONE = new Connection(null, null, null);

        /** The password from the {@code --password-env} variable; "" without the option. */
        public String password() {
            if (passwordEnv == null) {
                return "";
            }
            String password = System.getenv(passwordEnv);
            if (password == null) {
                throw new UserError("--password-env " + passwordEnv + ": that environment variable is not set");
            }
            return password;
        }
    }

    /** How the server is restarted for a setting that needs it ({@code --restart-command}, {@code --restart-timeout}). */
    public record Restart(String command, long timeoutSeconds) {
        public static final Restart DEFAULT = new Restart(null, CommandRestart.DEFAULT_TIMEOUT_SECONDS);

        /** The timeout, refused unless above 0. */
        public long checkedTimeoutSeconds() {
            if (timeoutSeconds <= 0) {
                throw new UserError("--restart-timeout " + timeoutSeconds + ": give a number of seconds above 0");
            }
            return timeoutSeconds;
        }
    }

    /** {@code --monitor} HOST:PORT or {@code none}, and its token's file or environment variable; null: not given. */
    public record Monitor(String address, Path tokenFile, String tokenEnv) {
        public static final Monitor NONE = new Monitor(null, null, null);
    }

    public RunRequest withConnection(Connection given) {
        return new RunRequest(study, db, given, out, remote, restart, baseline, resume, embeddedPort, monitor, progressSeconds, jmeter, rmi, budget);
    }

    public RunRequest withRemote(List<String> agents) {
        return new RunRequest(study, db, connection, out, agents, restart, baseline, resume, embeddedPort, monitor, progressSeconds, jmeter, rmi, budget);
    }

    public RunRequest withMonitor(Monitor given) {
        return new RunRequest(study, db, connection, out, remote, restart, baseline, resume, embeddedPort, given, progressSeconds, jmeter, rmi, budget);
    }

    public RunRequest withJMeter(JMeterHomeOptions.Choice chosen) {
        return new RunRequest(study, db, connection, out, remote, restart, baseline, resume, embeddedPort, monitor, progressSeconds, chosen, rmi, budget);
    }

    public RunRequest withBudget(Budget given) {
        return new RunRequest(study, db, connection, out, remote, restart, baseline, resume, embeddedPort, monitor, progressSeconds, jmeter, rmi, given);
    }

    /** The run folder: {@code out}, else results/&lt;study&gt;-&lt;db&gt;. */
    public Path outDir(String studyName) {
        return out != null ? out : Path.of("results", studyName + "-" + db.toLowerCase(Locale.ROOT).replace(':', '-'));
    }

    /**
     * The {@code bin/dbstudy} words that ask for this run (the study's, then {@code --db}, the connection,
     * {@code --out}, and each other option that is not its default), for a line that shows it; never a password.
     */
    public List<String> words() {
        List<String> words = new ArrayList<>(List.of("run"));
        words.addAll(study.words());
        words.addAll(List.of("--db", db));
        add(words, "--url", connection.url());
        add(words, "--user", connection.user());
        add(words, "--password-env", connection.passwordEnv());
        add(words, "--out", out);
        add(words, "--jmeter-home", jmeter.home());
        add(words, "--jmeter-java", jmeter.java());
        if (jmeter.installPlugin()) {
            words.add("--install-plugin");
        }
        if (!remote.isEmpty()) {
            words.addAll(List.of("--remote", String.join(",", remote)));
        }
        add(words, "--rmi-keystore", rmi.keystore());
        if (rmi.insecure()) {
            words.add(RmiOptions.INSECURE);
        }
        add(words, "--restart-command", restart.command());
        if (restart.timeoutSeconds() != Restart.DEFAULT.timeoutSeconds()) {
            words.addAll(List.of("--restart-timeout", Long.toString(restart.timeoutSeconds())));
        }
        add(words, "--baseline", baseline);
        if (embeddedPort != 0) {
            words.addAll(List.of("--embedded-port", Integer.toString(embeddedPort)));
        }
        add(words, "--monitor", monitor.address());
        add(words, "--monitor-token-file", monitor.tokenFile());
        add(words, "--monitor-token-env", monitor.tokenEnv());
        if (progressSeconds != DEFAULT_PROGRESS_SECONDS) {
            words.addAll(List.of("--progress", Integer.toString(progressSeconds)));
        }
        if (budget.given()) {
            words.addAll(List.of("--budget", budget.words()));
        }
        if (resume) {
            words.add("--resume");
        }
        return words;
    }

    private static void add(List<String> words, String option, Object value) {
        if (value != null) {
            words.addAll(List.of(option, value.toString()));
        }
    }
}
