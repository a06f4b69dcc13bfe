package org.dbstudy.jmeter;

import java.sql.SQLException;
import java.util.List;

/** The sampler's statements, run in order, each a sub-result {@code Label-stmtN}. */
record StatementList(List<SqlStatement> statements) implements TransactionBody {

    @Override
    public void run(TransactionRun run) throws SQLException {
        for (int i = 0; i < statements.size(); i++) {
            long start = run.stepsWanted() ? System.currentTimeMillis() : 0;
            run.execute(statements.get(i));
            if (run.stepsWanted()) {
                run.step("stmt" + (i + 1), start, true);
            }
        }
    }
}
