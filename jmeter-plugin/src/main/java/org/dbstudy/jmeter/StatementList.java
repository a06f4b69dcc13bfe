package org.dbstudy.jmeter;

import java.sql.SQLException;
import java.util.List;
import org.dbstudy.jmeter.dialect.TableOwnership;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.vocabulary.SampleLabels;

/**
 * The sampler's statements, run in order, each a sub-result {@code Label-stmtN}; first, when the sampler
 * names tables it may empty or drop, the check that each is absent or dbstudy's (refused: nothing runs).
 */
record StatementList(List<SqlStatement> statements, List<String> ownedTables) implements TransactionBody {

    @Override
    public void run(TransactionRun run) throws SQLException, ProcedureFailedException {
        if (!ownedTables.isEmpty()) {
            String refusal = TableOwnership.refusal(run.connection(), run.dialect(), ownedTables);
            if (refusal != null) {
                throw new ProcedureFailedException(refusal, true);
            }
        }
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
