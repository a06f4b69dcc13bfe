package org.dbstudy.databases;

import java.sql.SQLException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.dbstudy.vocabulary.DatabaseKind;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every test class of each module that takes this module's test jar (META-INF/services
 * travels in the jar; each module turns on autodetection in its junit-platform.properties): takes {@link ServerState} of the machine's PostgreSQL and MariaDB before
 * a class and fails the class if anything global differs after it (a global variable, an
 * {@code ALTER SYSTEM}, a {@code dbstudy…} role) of a server this JVM's tests use.
 * A server that cannot be reached has nothing to protect.
 * Tables a class created there ({@code dbstudy…}, not there before it) are dropped after it, whether
 * its tests passed or not.
 */
public final class ServersLeftAsFound implements BeforeAllCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ServersLeftAsFound.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        Map<DatabaseKind, Map<String, String>> before = new EnumMap<>(DatabaseKind.class);
        Map<DatabaseKind, Set<String>> tables = new EnumMap<>(DatabaseKind.class);
        for (DatabaseKind engine : TestDatabases.SERVERS) {
            try {
                before.put(engine, ServerState.snapshot(TestDatabases.machineServer(engine)));
                tables.put(engine, ServerState.tables(TestDatabases.machineServer(engine)));
            } catch (SQLException unreachable) {
                // Not there: no test can change it.
            }
        }
        context.getStore(NS).put("before", before);
        context.getStore(NS).put("tables", tables);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void afterAll(ExtensionContext context) throws SQLException {
        Map<DatabaseKind, Map<String, String>> before = context.getStore(NS).get("before", Map.class);
        Map<DatabaseKind, Set<String>> tables = context.getStore(NS).get("tables", Map.class);
        for (Map.Entry<DatabaseKind, Set<String>> e : tables.entrySet()) {
            if (!TestDatabases.usesMachineServer(e.getKey())) {
                continue; // the tests used an embedded server: a new table here is someone else's
            }
            DatabaseEndpoint server = TestDatabases.machineServer(e.getKey());
            Set<String> created = new TreeSet<>(ServerState.tables(server));
            created.removeAll(e.getValue());
            if (!created.isEmpty()) {
                ServerState.dropTables(server, created);
                System.err.println("[dbstudy] dropped the tables " + context.getDisplayName() + " left in " + server + ": " + created);
            }
        }
        StringBuilder changed = new StringBuilder();
        for (Map.Entry<DatabaseKind, Map<String, String>> e : before.entrySet()) {
            if (!TestDatabases.usesMachineServer(e.getKey())) {
                // The tests had embedded servers (DBSTUDY_TEST_DB=embedded): a change here is another
                // program's, e.g. a second build on the same machine. KilledMidTestTest checks MariaDB itself.
                continue;
            }
            DatabaseEndpoint server = TestDatabases.machineServer(e.getKey());
            List<String> diff = ServerState.differences(e.getValue(), ServerState.snapshot(server));
            if (!diff.isEmpty()) {
                changed.append("\n  ").append(server).append(":\n    ").append(String.join("\n    ", diff));
            }
        }
        if (changed.length() > 0) {
            throw new AssertionError(context.getDisplayName()
                    + " changed the global state of the machine's database servers:" + changed);
        }
    }
}
