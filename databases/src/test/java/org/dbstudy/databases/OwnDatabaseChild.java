package org.dbstudy.databases;

import java.io.IOException;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A test JVM in miniature, for {@link OwnDatabasesTest}: takes its own database, prints its name, and
 * waits until its standard input ends (then exits normally) or it is killed.
 */
public final class OwnDatabaseChild {
    private OwnDatabaseChild() {
    }

    public static void main(String[] args) throws IOException {
        DatabaseEndpoint own = TestDatabases.get(DatabaseKind.valueOf(args[0]));
        System.out.println("own " + own.url());
        System.out.flush();
        while (System.in.read() >= 0) {
            // wait for the end of input
        }
    }
}
