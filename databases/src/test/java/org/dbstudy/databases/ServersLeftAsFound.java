package org.dbstudy.databases;

import java.sql.SQLException;
import java.util.EnumMap;
import java.util.HashMap;
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
 *
 * <p>Tables: the tests work in databases of their own ({@link TestDatabases#get}); the tables a class
 * left there are dropped after it, whether its tests passed or not, so the next class starts clean.
 * Nothing in any other database is touched: a study or another engineer's tests may be running beside
 * these tests on the same servers, and their tables are theirs.
 */
public final class ServersLeftAsFound implements BeforeAllCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(ServersLeftAsFound.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getStore(NS).put("before", Before.take());
    }

    @Override
    public void afterAll(ExtensionContext context) throws SQLException {
        context.getStore(NS).get("before", Before.class).check(context.getDisplayName());
    }

    /** What a test class found: the machine servers' global state, the tables in this JVM's own databases. */
    static final class Before {
        private final Map<DatabaseKind, Map<String, String>> global = new EnumMap<>(DatabaseKind.class);
        private final Map<String, Set<String>> ownTables = new HashMap<>();

        static Before take() {
            Before before = new Before();
            for (DatabaseKind engine : TestDatabases.SERVERS) {
                try {
                    before.global.put(engine, ServerState.snapshot(TestDatabases.machineServer(engine)));
                } catch (SQLException unreachable) {
                    // Not there: no test can change it.
                }
            }
            for (ScratchDatabase own : TestDatabases.ownDatabases()) {
                try {
                    before.ownTables.put(own.name(), own.tables());
                } catch (SQLException e) {
                    throw new IllegalStateException("cannot list the tables of " + own + ": " + e.getMessage(), e);
                }
            }
            return before;
        }

        /**
         * Drops the tables {@code what} left in this JVM's own databases (named on the console) and
         * fails when it changed the global state of a machine server the tests used.
         */
        void check(String what) throws SQLException {
            for (ScratchDatabase own : TestDatabases.ownDatabases()) {
                Set<String> left = new TreeSet<>(own.tables());
                left.removeAll(ownTables.getOrDefault(own.name(), Set.of()));
                if (!left.isEmpty()) {
                    own.dropTables(left);
                    System.err.println("[dbstudy] dropped the tables " + what + " left in its own database " + own.name() + ": " + left);
                }
            }
            StringBuilder changed = new StringBuilder();
            for (Map.Entry<DatabaseKind, Map<String, String>> e : global.entrySet()) {
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
                throw new AssertionError(what + " changed the global state of the machine's database servers:" + changed);
            }
        }
    }
}
