package org.dbstudy.jmeter;

/** Whether a sample's statements form one transaction or each commits on its own. */
public enum TransactionMode {
    /** All statements in one transaction: commit at the end, rollback on any error. */
    TRANSACTION,
    /** Each statement commits by itself. */
    AUTOCOMMIT
}
