package org.dbstudy.jmeter;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;
import org.dbstudy.vocabulary.Outcome;

/** Which outcomes a sample tries again. */
public enum RetryOn {
    NONE(EnumSet.noneOf(Outcome.class)),
    SERIALIZATION_AND_DEADLOCK(EnumSet.of(Outcome.SERIALIZATION_FAILURE, Outcome.DEADLOCK)),
    SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT(
            EnumSet.of(Outcome.SERIALIZATION_FAILURE, Outcome.DEADLOCK, Outcome.LOCK_TIMEOUT));

    private final Set<Outcome> outcomes;

    RetryOn(Set<Outcome> outcomes) {
        this.outcomes = Collections.unmodifiableSet(outcomes);
    }

    public boolean retries(Outcome outcome) {
        return outcomes.contains(outcome);
    }
}
