package org.dbstudy.analysis;

import java.util.Locale;

/** Why a sample failed, as the dbstudy sampler names it; {@link #OTHER} for anything unrecognised. */
enum OutcomeClass {
    TOO_MANY_CONNECTIONS, SERIALIZATION_FAILURE, DEADLOCK, LOCK_TIMEOUT, LOCK_NOT_AVAILABLE,
    STATEMENT_TIMEOUT, CONNECTION_LOST, CONSTRAINT_VIOLATION, SYNTAX_ERROR, NOT_APPLIED, CONFIGURATION_ERROR, OTHER,
    /** A transaction rolled back on purpose (TPC-C New-Order's 1 %): the sampler reports it as a success, never an error. */
    INTENDED_ROLLBACK;

    private static final OutcomeClass[] VALUES = values();

    /** The name used in the sampler's messages and in column names, e.g. {@code lock_timeout}. */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    static OutcomeClass byOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    static int count() {
        return VALUES.length;
    }

    /** The class whose {@link #id()} is {@code text}, or null. */
    static OutcomeClass fromId(String text) {
        for (OutcomeClass c : VALUES) {
            if (c.id().equals(text)) {
                return c;
            }
        }
        return null;
    }
}
