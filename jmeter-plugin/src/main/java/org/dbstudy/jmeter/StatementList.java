package org.dbstudy.jmeter;

import java.sql.SQLException;
import java.util.List;
import org.dbstudy.vocabulary.SampleLabels;

/** The sampler's statements, run in order, each a sub-result {@code Label-stmtN}. */
record StatementList(List<SqlStatement> statements) implements TransactionBody {

    @Override
    public void run(TransactionRun run) throws SQLException {
        boolean steps = run.stepsWanted(); // fixed for the try: asked once, not twice per statement
        for (int i = 0; i < statements.size(); i++) {
            long start = steps ? System.currentTimeMillis() : 0;
            run.execute(statements.get(i));
            if (steps) {
                run.step(SampleLabels.statementPart(i + 1), start, true);
            }
        }
    }
}
