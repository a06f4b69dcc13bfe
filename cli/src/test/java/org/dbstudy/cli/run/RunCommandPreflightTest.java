package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.cli.MainTest;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.databases.TestDatabases;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A study the target cannot run fails before any cell starts, with one clear line per problem. */
class RunCommandPreflightTest {

    @Test
    void anUnreachableDatabaseStopsTheRunBeforeAnyCell(@TempDir Path out) throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        MainTest.Run r = MainTest.run("run", "--study", "smoke", "--db", "postgres",
                "--url", "jdbc:postgresql://127.0.0.1:" + closedPort + "/test", "--out", out.toString());
        assertEquals(2, r.status(), r.out() + r.err());
        assertTrue(r.err().contains("cannot connect to postgresql at jdbc:postgresql://127.0.0.1:" + closedPort), r.err());
        assertFalse(Files.exists(out.resolve("run-status.csv")), "no cell may start");
    }

    @Test
    void aRefusedLoginIsNamedAsSuchWithoutShowingThePassword() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        // The local server trusts loopback logins, so an unknown role is the refusal every setup gives.
        ConnectionSettings wrong = new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, pg.url(), "no_such_role_dbstudy", "secret-value");
        List<String> problems = Preflight.problems(smoke(), wrong, List.of());
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("refused user 'no_such_role_dbstudy'"), problems.get(0));
        assertFalse(problems.get(0).contains("secret-value"), "the password never shows: " + problems.get(0));
    }

    @Test
    void everyProblemIsReportedOnItsOwnLine() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        int silentPort;
        try (ServerSocket s = new ServerSocket(0)) {
            silentPort = s.getLocalPort();
        }
        Study study = Studies.load("smoke").withOverrides(
                Map.of("session.no_such_setting", List.of("1"), "session.work_mem", List.of("8MB")), OptionalLong.empty());
        ConnectionSettings db = new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, pg.url(), pg.user(), pg.password());
        List<String> problems = Preflight.problems(study, db, List.of("127.0.0.1:" + silentPort));
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("JMeter agent 127.0.0.1:" + silentPort + " does not answer"), problems.get(0));
        assertTrue(problems.get(1).contains("session setting 'no_such_setting'"), problems.get(1));
    }

    @Test
    void aReachableDatabaseAndKnownSettingsPass() throws Exception {
        DatabaseEndpoint pg = TestDatabases.postgres();
        Study study = Studies.load("smoke").withOverrides(Map.of("session.work_mem", List.of("8MB")), OptionalLong.empty());
        assertEquals(List.of(), Preflight.problems(study, new ConnectionSettings(org.dbstudy.vocabulary.DatabaseKind.POSTGRESQL, pg.url(), pg.user(),
                pg.password()), List.of()));
    }

    private static Study smoke() throws Exception {
        return Studies.load("smoke");
    }
}
