package org.dbstudy.jmeter.dialect;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether dbstudy may empty or drop a table: only one it created, known by the comment it gives the table
 * when it creates it ({@link #MARK}, written by {@link Dialect#markCreatedSql}). A table that is not
 * there is free to create. The sampler asks before a setUp's first statement, the runner before the
 * first cell; a user's table with the name asked for is refused, never emptied.
 */
public final class TableOwnership {
    /** The comment of a table dbstudy created. */
    public static final String MARK = "created by dbstudy";

    private TableOwnership() {
    }

    /** Null when every table is absent or dbstudy's; else the one line that says which are not and what to do. */
    public static String refusal(Connection c, Dialect dialect, List<String> tables) throws SQLException {
        List<String> foreign = new ArrayList<>();
        for (String table : tables) {
            String comment = dialect.tableComment(c, table);
            if (comment != null && !comment.equals(MARK)) {
                foreign.add(table);
            }
        }
        if (foreign.isEmpty()) {
            return null;
        }
        boolean one = foreign.size() == 1;
        return (one ? "table " : "tables ") + String.join(", ", foreign) + (one ? " exists and was" : " exist and were")
                + " not created by dbstudy; dbstudy will not empty or drop " + (one ? "it" : "them")
                + ". Name another table (or use another database), drop " + (one ? "it" : "them")
                + " yourself, or set workload.parameters.reuse: true to let dbstudy empty and reload "
                + (one ? "it" : "them");
    }
}
