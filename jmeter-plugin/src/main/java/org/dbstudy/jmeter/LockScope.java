package org.dbstudy.jmeter;

/** How long a named lock is held. */
public enum LockScope {
    /** Released at the end of the sample. */
    SAMPLE,
    /** A transaction lock where the database has one, else released right after commit or rollback. */
    TRANSACTION
}
