package org.dbstudy.generator.design;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.dbstudy.generator.workload.LevelRule;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The server settings a study may fix ({@code server_settings:}) or vary ({@code server.<name>}
 * factors): which databases know each one, what its values may be, and on which it needs a restart
 * (PostgreSQL's {@code postmaster} context, MariaDB's static variables). A server dbstudy starts (an
 * embedded target) is started with the fixed ones; on any other server the runner reads them back and
 * refuses to start when they differ. Varied ones are applied per cell by the {@code databases}
 * module's {@code settings} package, which asks the server itself whether a setting reloads or needs
 * a restart; the flag here only makes the configuration blocks the cells run in ({@link ServerOrder}). Unset, an
 * embedded server runs with the durability of a normally installed one (fsync, synchronous_commit,
 * full_page_writes on; innodb_flush_log_at_trx_commit 1).
 */
public final class ServerSettings {
    private static final Set<DatabaseKind> POSTGRES = EnumSet.of(DatabaseKind.POSTGRESQL);
    private static final Set<DatabaseKind> MYSQL_FAMILY = EnumSet.of(DatabaseKind.MYSQL, DatabaseKind.MARIADB);
    private static final Set<DatabaseKind> MARIADB = EnumSet.of(DatabaseKind.MARIADB);
    private static final Set<DatabaseKind> ALL = EnumSet.allOf(DatabaseKind.class);
    private static final Set<DatabaseKind> NONE = EnumSet.noneOf(DatabaseKind.class);
    private static final LevelRule ON_OFF = LevelRule.oneOf(List.of("on", "off"));
    /** PostgreSQL memory: a whole number with an optional unit (no unit: the setting's own unit). */
    private static final LevelRule PG_MEMORY = LevelRule.text("a whole number with an optional unit kB, MB, GB or TB"
            + " (e.g. 128MB, 1GB)", Pattern.compile("[0-9]{1,10}(kB|MB|GB|TB)?"));
    private static final LevelRule PG_TIME = LevelRule.text("a whole number with an optional unit ms, s, min, h or d"
            + " (e.g. 60s, 1min)", Pattern.compile("[0-9]{1,9}(ms|s|min|h|d)?"));
    private static final LevelRule COST = LevelRule.text("a decimal number >= 0 (e.g. 4, 1.1)",
            Pattern.compile("[0-9]{1,6}(\\.[0-9]{1,6})?"));
    /** MariaDB's memory: bytes, or a whole number with K, M or G (a multiple of the pool's chunk size). */
    private static final LevelRule MYSQL_MEMORY = LevelRule.text("a whole number of bytes, or with K, M or G (e.g. 128M,"
            + " 1G)", Pattern.compile("[0-9]{1,13}[KMG]?"));

    /** A known setting: the dialects that have it, its valid values, where it needs a restart. */
    public record Known(String name, Set<DatabaseKind> dialects, LevelRule rule, Set<DatabaseKind> restartOn) {
        /** Whether a server of this kind must be restarted for the setting to change. */
        public boolean needsRestart(DatabaseKind kind) {
            return restartOn.contains(kind);
        }
    }

    private static final Map<String, Known> KNOWN = new LinkedHashMap<>();

    static {
        known("fsync", POSTGRES, ON_OFF, NONE);
        known("synchronous_commit", POSTGRES,
                LevelRule.oneOf(List.of("on", "off", "local", "remote_write", "remote_apply")), NONE);
        known("full_page_writes", POSTGRES, ON_OFF, NONE);
        // S1's tuning knobs (checkpoint_segments is max_wal_size since PostgreSQL 9.5).
        known("shared_buffers", POSTGRES, PG_MEMORY, POSTGRES);
        known("effective_cache_size", POSTGRES, PG_MEMORY, NONE);
        known("max_wal_size", POSTGRES, PG_MEMORY, NONE);
        known("autovacuum", POSTGRES, ON_OFF, NONE);
        known("autovacuum_naptime", POSTGRES, PG_TIME, NONE);
        known("work_mem", POSTGRES, PG_MEMORY, NONE);
        known("random_page_cost", POSTGRES, COST, NONE);
        known("innodb_flush_log_at_trx_commit", MYSQL_FAMILY, LevelRule.oneOf(List.of("0", "1", "2")), NONE);
        // S2's: the lock wait of workload 2 and the thread pool of workload 4 (static: a restart).
        known("innodb_lock_wait_timeout", MYSQL_FAMILY, LevelRule.wholeNumber(1, 1_073_741_824), NONE);
        known("thread_handling", MARIADB,
                LevelRule.oneOf(List.of("one-thread-per-connection", "pool-of-threads", "no-threads")), MARIADB);
        known("innodb_buffer_pool_size", MYSQL_FAMILY, MYSQL_MEMORY, NONE);
        known("max_connections", ALL, LevelRule.wholeNumber(1, 100_000), POSTGRES);
        // The predicate lock table's size, read at start: SERIALIZABLE with pipelined round trips can fill the default.
        known("max_pred_locks_per_transaction", POSTGRES, LevelRule.wholeNumber(10, 1_000_000), POSTGRES);
    }

    private ServerSettings() {
    }

    private static void known(String name, Set<DatabaseKind> dialects, LevelRule rule, Set<DatabaseKind> restartOn) {
        KNOWN.put(name, new Known(name, dialects, rule, restartOn));
    }

    /** The setting, or null when dbstudy does not know it. */
    public static Known byName(String name) {
        return KNOWN.get(name);
    }

    /** For error messages: every known setting with the databases that have it. */
    public static String validNames() {
        StringBuilder sb = new StringBuilder();
        for (Known k : KNOWN.values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(k.name())
                    .append(k.dialects().equals(ALL) ? "" : " (" + String.join("/", k.dialects().stream().map(DatabaseKind::id).toList()) + ")");
        }
        return sb.toString();
    }

    /** The settings of {@code declared} that a server of this dialect has, in declared order. */
    public static Map<String, String> forDialect(Map<String, String> declared, DatabaseKind dialect) {
        Map<String, String> out = new LinkedHashMap<>();
        declared.forEach((name, value) -> {
            if (KNOWN.get(name).dialects().contains(dialect)) {
                out.put(name, value);
            }
        });
        return out;
    }
}
