package org.dbstudy.jmeter;

import java.util.regex.Pattern;

/**
 * Which samplers are primed: before a thread's first measured sample, each new connection runs the
 * sampler's statements {@code prime} times in a transaction that is rolled back, unmeasured. The
 * first prepare of a statement, the server's per-connection caches (catalog, plans) and the client's
 * code paths are then warm when measuring starts, so a thread's first sample is not an outlier for
 * reasons no later sample has. Only what a rollback undoes is primed: a statement list of SELECT,
 * INSERT, UPDATE, DELETE or WITH statements that call no lock, sleep or sequence function, without a
 * named lock and with a connection per thread. A sequence advanced by an INSERT's default stays
 * advanced (ids skip), and a table that is not transactional (MyISAM) keeps priming rows.
 */
final class Priming {
    /** The statements a rollback undoes (first word). */
    private static final Pattern ROLLED_BACK = Pattern.compile("(?is)\\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\\b.*");
    /** Functions whose effect outlives a rollback, or that only wait. */
    private static final Pattern LASTING = Pattern.compile(
            "(?i)\\b(get_lock|release_lock|pg_advisory\\w*|pg_try_advisory\\w*|pg_sleep\\w*|sleep|nextval|setval|lastval)\\s*\\(");

    private Priming() {
    }

    /** True when this sampler's new connections are primed. */
    static boolean applies(SamplerSettings s) {
        if (s.prime() == 0 || s.procedure() != null || s.namedLock() || s.connectionScope() != ConnectionScope.THREAD) {
            return false;
        }
        for (String sql : s.statementTexts()) {
            if (!ROLLED_BACK.matcher(sql).matches() || LASTING.matcher(sql).find()) {
                return false;
            }
        }
        return true;
    }
}
