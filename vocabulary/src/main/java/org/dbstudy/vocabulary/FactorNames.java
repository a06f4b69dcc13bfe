package org.dbstudy.vocabulary;

/**
 * The names of the factors more than one module reads, beside the manifest's columns they become
 * ({@link ManifestColumns}): the generator accepts them in study files, the runner's preflight and
 * the analysis' figures look them up in a cell's levels.
 */
public final class FactorNames {
    /** JMeter threads per cell; a study file may also say {@code clients}. */
    public static final String USERS = "users";
    /** The transaction isolation level, one of {@link IsolationLevel#names()}. */
    public static final String ISOLATION = "isolation";
    /** The target (server, version, run) a cell runs against; also added when run folders are compared. */
    public static final String TARGET = "target";
    /** A server setting as a factor: {@code server.shared_buffers}, applied on the server per cell. */
    public static final String SERVER_PREFIX = "server.";
    /** A session setting as a factor: {@code session.work_mem}, set on each connection. */
    public static final String SESSION_PREFIX = "session.";

    private FactorNames() {
    }
}
