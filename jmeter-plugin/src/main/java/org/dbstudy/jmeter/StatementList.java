package org.dbstudy.jmeter;

import java.sql.SQLException;
import java.util.List;
import org.dbstudy.vocabulary.SampleLabels;

/** The sampler's statements, run in order, each a sub-result {@code Label-stmtN}. */
record StatementList(List<SqlStatement> statements) implements TransactionBody {

    @Override
    public void run(TransactionRun run) throws SQLException {
        for (int i = 0; i < statements.size(); i++) {
            long start = System.currentTimeMillis();
            run.execute(statements.get(i));
            run.step(SampleLabels.statementPart(i + 1), start, true);
        }
    }
}
