package org.dbstudy.databases;

import org.dbstudy.vocabulary.DatabaseKind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The snapshot that guards the machine's servers sees each kind of global change (on embedded servers). */
class ServerStateTest {

    @Test
    void aGlobalVariableChangeOnMariaDbIsSeen() throws Exception {
        DatabaseEndpoint db = TestDatabases.embeddedMariadb("ServerStateTest changes max_connections");
        Map<String, String> before = ServerState.snapshot(db);
        String original = before.get("global max_connections");
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("SET GLOBAL max_connections = 12");
            try {
                assertEquals(List.of("global max_connections: " + original + " -> 12"),
                        ServerState.differences(before, ServerState.snapshot(db)));
            } finally {
                st.execute("SET GLOBAL max_connections = " + original);
            }
        }
        assertEquals(List.of(), ServerState.differences(before, ServerState.snapshot(db)));
    }

    @Test
    void aRoleAndAnAlterSystemOnPostgresAreSeen() throws Exception {
        DatabaseEndpoint db = TestDatabases.embedded(DatabaseKind.POSTGRESQL, "ServerStateTest creates a role and runs ALTER SYSTEM");
        Map<String, String> before = ServerState.snapshot(db);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE ROLE dbstudy_state_probe");
            st.execute("ALTER SYSTEM SET work_mem = '7MB'");
            try {
                List<String> diff = ServerState.differences(before, ServerState.snapshot(db));
                assertTrue(diff.contains("role dbstudy_state_probe: (absent) -> present"), diff.toString());
                assertTrue(diff.contains("alter system work_mem=7MB: (absent) -> present"), diff.toString());
            } finally {
                st.execute("DROP ROLE dbstudy_state_probe");
                st.execute("ALTER SYSTEM RESET work_mem");
            }
        }
        assertEquals(List.of(), ServerState.differences(before, ServerState.snapshot(db)));
    }
}
