package org.dbstudy.generator;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.generator.workload.LevelRule;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The server settings a study may fix ({@code server_settings:}): which databases know each one and
 * what its values may be. A server dbstudy starts (an embedded target) is started with them; on any
 * other server the runner reads them back and refuses to start when they differ. Unset, an embedded
 * server runs with the durability of a normally installed one (fsync, synchronous_commit,
 * full_page_writes on; innodb_flush_log_at_trx_commit 1).
 */
final class ServerSettings {
    private static final Set<DatabaseKind> POSTGRES = EnumSet.of(DatabaseKind.POSTGRESQL);
    private static final Set<DatabaseKind> MYSQL_FAMILY = EnumSet.of(DatabaseKind.MYSQL, DatabaseKind.MARIADB);
    private static final Set<DatabaseKind> ALL = EnumSet.allOf(DatabaseKind.class);
    private static final LevelRule ON_OFF = LevelRule.oneOf(List.of("on", "off"));

    /** A known setting: the dialects that have it and its valid values. */
    record Known(String name, Set<DatabaseKind> dialects, LevelRule rule) {
    }

    private static final Map<String, Known> KNOWN = new LinkedHashMap<>();

    static {
        known("fsync", POSTGRES, ON_OFF);
        known("synchronous_commit", POSTGRES,
                LevelRule.oneOf(List.of("on", "off", "local", "remote_write", "remote_apply")));
        known("full_page_writes", POSTGRES, ON_OFF);
        known("innodb_flush_log_at_trx_commit", MYSQL_FAMILY, LevelRule.oneOf(List.of("0", "1", "2")));
        known("max_connections", ALL, LevelRule.wholeNumber(1, 100_000));
    }

    private ServerSettings() {
    }

    private static void known(String name, Set<DatabaseKind> dialects, LevelRule rule) {
        KNOWN.put(name, new Known(name, dialects, rule));
    }

    /** The setting, or null when dbstudy does not know it. */
    static Known byName(String name) {
        return KNOWN.get(name);
    }

    /** For error messages: every known setting with the databases that have it. */
    static String validNames() {
        StringBuilder sb = new StringBuilder();
        for (Known k : KNOWN.values()) {
            sb.append(sb.length() == 0 ? "" : ", ").append(k.name())
                    .append(k.dialects().equals(ALL) ? "" : " (" + String.join("/", k.dialects().stream().map(DatabaseKind::id).toList()) + ")");
        }
        return sb.toString();
    }

    /** The settings of {@code declared} that a server of this dialect has, in declared order. */
    static Map<String, String> forDialect(Map<String, String> declared, DatabaseKind dialect) {
        Map<String, String> out = new LinkedHashMap<>();
        declared.forEach((name, value) -> {
            if (KNOWN.get(name).dialects().contains(dialect)) {
                out.put(name, value);
            }
        });
        return out;
    }
}
