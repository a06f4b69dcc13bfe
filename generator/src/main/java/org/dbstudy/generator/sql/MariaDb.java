package org.dbstudy.generator.sql;

import java.util.List;
import org.dbstudy.vocabulary.DatabaseKind;

/** MariaDB: numbers from the Sequence engine's seq_1_to_N tables. */
final class MariaDb extends MySqlFamily {
    MariaDb() {
        super(DatabaseKind.MARIADB);
    }

    @Override
    public List<String> numbersSetup() {
        return List.of();
    }

    @Override
    public String numbers(long upTo) {
        return "(SELECT seq AS n FROM seq_1_to_" + upTo + ") nums";
    }
}
