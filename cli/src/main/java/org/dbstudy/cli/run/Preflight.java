package org.dbstudy.cli.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.plan.PlanGenerator;
import org.dbstudy.generator.study.Study;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.cli.server.MonitorSlot;
import org.dbstudy.cli.server.ServerFamily;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.dialect.TableOwnership;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.FactorNames;
import org.dbstudy.vocabulary.IsolationLevel;

/**
 * Everything that would make a study fail in every cell, checked before the first cell starts: the
 * database, the login, the agents, the server settings the study fixes (read back), the session
 * settings and isolation levels the study varies, and tables of the user's that a setUp would empty.
 * Each problem is one line; all of them are reported at once.
 */
final class Preflight {
    private Preflight() {
    }

    static List<String> problems(Study study, ConnectionSettings db, List<String> agents) {
        List<String> problems = new ArrayList<>();
        String mismatch = db.kind().urlProblem(db.url());
        if (mismatch != null) {
            // Every cell would fail on the other database's SQL: refused before connecting to it.
            DatabaseKind named = DatabaseKind.forUrl(db.url());
            problems.add("the run is for " + db.kind().id() + ", but " + mismatch + "; give a " + db.kind().urlPrefix()
                    + " URL, or --db " + Targets.word(named) + " for that database");
            return problems;
        }
        for (String agent : agents) {
            String problem = agentProblem(agent);
            if (problem != null) {
                problems.add(problem);
            }
        }
        try (Connection c = db.connect()) {
            ServerFamily family = ServerFamily.of(db.kind());
            for (String setting : sessionSettings(study)) {
                if (family.setting(c, setting) == null) {
                    problems.add("the study varies session setting '" + setting + "', which " + db.kind().id()
                            + " at " + db.redactedUrl() + " does not know");
                }
            }
            // Read back what the study fixes: an embedded server was started with it (max_connections
            // with the monitor's slot); any other must have it.
            study.serverSettings(db.kind()).forEach((name, wanted) -> {
                String actual = family.setting(c, name);
                if (!MonitorSlot.matches(name, wanted, actual)) {
                    problems.add("the study sets server setting " + name + "=" + wanted + ", but " + db.kind().id()
                            + " at " + db.redactedUrl() + " has " + (actual == null ? "no such setting" : name + "=" + actual)
                            + "; set it on that server, or run on an embedded target, which is started with it");
                }
            });
            // A user's table with a name the study's setUp empties or drops: refused before any cell writes.
            String refusal = TableOwnership.refusal(c, Dialects.of(db.kind()), List.copyOf(PlanGenerator.ownedTables(study)));
            if (refusal != null) {
                problems.add(refusal);
            }
            for (String level : isolationLevels(study)) {
                IsolationLevel parsed = IsolationLevel.parse(level);
                if (parsed != null && parsed != IsolationLevel.DEFAULT
                        && !c.getMetaData().supportsTransactionIsolationLevel(parsed.jdbcLevel())) {
                    problems.add("the study uses isolation level " + level + ", which " + db.kind().id() + " does not support");
                }
            }
        } catch (SQLException e) {
            problems.add(databaseProblem(db, e));
        }
        return problems;
    }

    /** "cannot reach" or "login refused", in words a user can act on. */
    static String databaseProblem(ConnectionSettings db, SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        String message = e.getMessage() == null ? e.toString() : e.getMessage().replace('\n', ' ');
        if (state.equals("28P01") || state.equals("28000") || e.getErrorCode() == 1045) {
            return "the database at " + db.redactedUrl() + " refused user '" + db.user()
                    + "' (wrong password? pass it with --password-env VAR): " + message;
        }
        return "cannot connect to " + db.kind().id() + " at " + db.redactedUrl() + " as '" + db.user() + "': " + message;
    }

    private static String agentProblem(String agent) {
        int colon = agent.lastIndexOf(':');
        if (colon <= 0) {
            return "--remote '" + agent + "': write HOST:PORT";
        }
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(agent.substring(0, colon), Integer.parseInt(agent.substring(colon + 1))), 3000);
            return null;
        } catch (NumberFormatException e) {
            return "--remote '" + agent + "': the port is not a number";
        } catch (IOException e) {
            return "JMeter agent " + agent + " does not answer (" + e.getMessage()
                    + "); start it with 'bin/dbstudy agent --port " + agent.substring(colon + 1) + "'";
        }
    }

    private static Set<String> sessionSettings(Study study) {
        Set<String> names = new TreeSet<>();
        for (Cell cell : study.cells()) {
            for (String factor : cell.factors().keySet()) {
                if (factor.startsWith("session.")) {
                    names.add(factor.substring("session.".length()));
                }
            }
        }
        return names;
    }

    private static Set<String> isolationLevels(Study study) {
        Set<String> levels = new TreeSet<>();
        for (Cell cell : study.cells()) {
            String level = cell.factors().get(FactorNames.ISOLATION);
            if (level != null) {
                levels.add(level.toUpperCase(Locale.ROOT));
            }
        }
        return levels;
    }
}
