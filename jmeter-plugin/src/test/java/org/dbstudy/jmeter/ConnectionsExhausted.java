package org.dbstudy.jmeter;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.databases.DatabaseEndpoint;

/**
 * S0's stress scenario on MariaDB: the global {@code max_connections} lowered to 2 and every slot
 * taken; {@link #close()} gives the connections back and restores the limit. Global: embedded servers only.
 */
final class ConnectionsExhausted implements AutoCloseable {
    static final String WHY = "SET GLOBAL max_connections = 2";

    private final Connection admin;
    private final long original;
    private final List<Connection> held = new ArrayList<>();

    private ConnectionsExhausted(Connection admin, long original) {
        this.admin = admin;
        this.original = original;
    }

    static ConnectionsExhausted on(DatabaseEndpoint db) throws SQLException {
        Connection admin = db.connect();
        try (Statement st = admin.createStatement()) {
            ConnectionsExhausted full = new ConnectionsExhausted(admin, maxConnections(st));
            st.execute(WHY);
            for (int i = 0; i < 200; i++) {
                try {
                    full.held.add(db.connect());
                } catch (SQLException refused) {
                    break;
                }
            }
            return full;
        } catch (SQLException | RuntimeException e) {
            admin.close();
            throw e;
        }
    }

    static long maxConnections(Statement st) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT @@global.max_connections")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    int held() {
        return held.size();
    }

    @Override
    public void close() throws SQLException {
        try (Statement st = admin.createStatement()) {
            for (Connection c : held) {
                c.close();
            }
            st.execute("SET GLOBAL max_connections = " + original);
        } finally {
            admin.close();
        }
    }
}
