package org.dbstudy.jmeter;

import java.sql.SQLException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.databases.ServerState;
import org.dbstudy.databases.TestDatabases;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Registered for every test class of this module (META-INF/services, autodetection on in
 * junit-platform.properties): takes {@link ServerState} of the machine's PostgreSQL and MariaDB before
 * a class and fails the class if anything global differs after it (a global variable, an
 * {@code ALTER SYSTEM}, a {@code dbstudy…} role). A server that cannot be reached has nothing to protect.
 */
public final class ServersLeftAsFound implements BeforeAllCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ServersLeftAsFound.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        Map<DatabaseKind, Map<String, String>> before = new EnumMap<>(DatabaseKind.class);
        for (DatabaseKind engine : TestDatabases.SERVERS) {
            try {
                before.put(engine, ServerState.snapshot(TestDatabases.machineServer(engine)));
            } catch (SQLException unreachable) {
                // Not there: no test can change it.
            }
        }
        context.getStore(NS).put("before", before);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void afterAll(ExtensionContext context) throws SQLException {
        Map<DatabaseKind, Map<String, String>> before = context.getStore(NS).get("before", Map.class);
        StringBuilder changed = new StringBuilder();
        for (Map.Entry<DatabaseKind, Map<String, String>> e : before.entrySet()) {
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
