package org.dbstudy.cli;

import java.util.List;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.generator.design.Target;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.JdbcUrls;

/**
 * A run reaches only a database the user named: a study target of the kind of {@code --db}, an
 * embedded server, or {@code --url}. A {@code --db} of a kind no target has, without {@code --url},
 * once ran every cell (and its setUp's DROP TABLE) on the local default server of that kind.
 */
final class DeclaredTarget {
    private DeclaredTarget() {
    }

    /**
     * Refuses, in one line, a run whose database would be invented from a default.
     *
     * @param study the study's targets as declared (before {@code forDialect} moves one to another kind)
     */
    static void require(String studyName, List<Target> study, String db, String url) {
        if (url != null || Targets.embedded(db)) {
            return;
        }
        DatabaseKind kind = Targets.kindOf(db);
        if (study.stream().anyMatch(t -> t.kind() == kind)) {
            return;
        }
        List<String> declared = study.stream()
                .map(t -> t.name() + " (" + t.kind().id() + " " + JdbcUrls.redact(t.url()) + ")").toList();
        String others = String.join(" or ", study.stream().map(t -> "--db " + t.kind().word()).distinct().toList());
        throw new UserError("--db " + db + ": study " + studyName + " has no " + kind.id() + " target (its targets: "
                + String.join(", ", declared) + "); give --url " + kind.urlPrefix() + "//HOST:PORT/DATABASE for the "
                + kind.displayName() + " database to run in, or " + others);
    }
}
