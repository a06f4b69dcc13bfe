package org.dbstudy.cli;

import java.util.List;
import java.util.Optional;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.design.Target;

/**
 * Says, before a run starts, which of a study's targets the chosen database does not give and how many
 * cells are left out with them (e.g. lock-contention's mysql cells under {@code --db embedded-mariadb}),
 * so a partial run is never mistaken for the whole study.
 */
final class TargetsLeftOut {
    private TargetsLeftOut() {
    }

    static Optional<String> notice(Study declared, Study run, String db) {
        List<Target> kept = run.targets();
        List<String> missing = declared.targets().stream()
                .filter(t -> kept.stream().noneMatch(k -> k.name().equals(t.name())))
                .map(t -> t.name() + " (" + t.kind().id() + ")").toList();
        int left = declared.cells().size() - run.cells().size();
        if (missing.isEmpty() || left <= 0) {
            return Optional.empty();
        }
        return Optional.of("note: --db " + db + " gives no server for target(s) " + String.join(", ", missing) + ": "
                + left + " of " + declared.cells().size() + " runs of study " + declared.name()
                + " need them and are left out; run those with --db naming that server");
    }
}
