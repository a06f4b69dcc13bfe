package org.dbstudy.jmeter;

/** Whether a sample takes a named lock before its statements. */
public enum LockMode {
    NONE,
    /** GET_LOCK on MySQL and MariaDB, an advisory lock on PostgreSQL. */
    NAMED_LOCK
}
