package org.dbstudy.generator.design;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.dbstudy.generator.workload.LevelRule;
import org.dbstudy.generator.workload.Parameter;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.vocabulary.FactorNames;
import org.dbstudy.vocabulary.IsolationLevel;

/** The factors a study may vary, what their levels may be, and how they appear in cell ids. */
public final class Factors {
    public static final String USERS = FactorNames.USERS;
    public static final String ISOLATION = FactorNames.ISOLATION;
    public static final String TARGET = FactorNames.TARGET;
    public static final String SESSION_PREFIX = FactorNames.SESSION_PREFIX;
    /** A server setting as a factor ({@code server.shared_buffers}), applied per cell on the server. */
    public static final String SERVER_PREFIX = FactorNames.SERVER_PREFIX;
    static final List<String> ISOLATION_LEVELS = IsolationLevel.names();
    static final List<String> LOCKS = List.of("none", "get_lock");
    /** Factors whose level alone names the cell part (no factor-name prefix). */
    private static final Set<String> UNPREFIXED = Set.of("operation", "query", "variant", TARGET);
    private static final Pattern SESSION_VALUE = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private Factors() {
    }

    /** The canonical name: {@code clients} is {@code users}; every other name is itself. */
    public static String canonical(String name) {
        return "clients".equals(name) ? USERS : name;
    }

    /**
     * A level as the design keeps it: an isolation level in any spelling the sampler reads
     * ({@code REPEATABLE READ}, {@code REPEATABLE-READ}, {@code TRANSACTION_REPEATABLE_READ}) becomes its
     * one name, so cell ids and plans carry {@code REPEATABLE_READ}; other factors' levels are unchanged.
     */
    public static String canonicalLevel(String factor, String level) {
        return ISOLATION.equals(canonical(factor)) ? IsolationLevel.canonical(level) : level;
    }

    static boolean prefixed(String name) {
        return !UNPREFIXED.contains(canonical(name));
    }

    /** The rule for a factor's levels, or null when the factor is unknown for this workload. */
    public static LevelRule rule(String name, Workload workload, List<Target> targets) {
        String c = canonical(name);
        if (workload.choices().containsKey(c)) {
            return LevelRule.oneOf(workload.choices().get(c));
        }
        for (Parameter p : workload.parameters()) {
            if (p.name().equals(c)) {
                return p.rule();
            }
        }
        return switch (c) {
            case USERS -> LevelRule.wholeNumber(1, 100_000);
            case "rows" -> LevelRule.wholeNumber(1, 100_000);
            case "interval" -> LevelRule.seconds();
            // Levels are canonical by now (canonicalLevel); the message names the other spellings too.
            case ISOLATION -> new LevelRule(IsolationLevel.validSpellings(), null, null, null, ISOLATION_LEVELS, null);
            case "lock" -> LevelRule.oneOf(LOCKS);
            case TARGET -> LevelRule.oneOf(targets.stream().map(Target::name).toList());
            default -> c.startsWith(SERVER_PREFIX) ? serverRule(c)
                    : c.startsWith(SESSION_PREFIX)
                    ? LevelRule.text("a setting value of letters, digits, '.', '_' or '-' (e.g. 64MB, 1.1, on)",
                            SESSION_VALUE)
                    : null;
        };
    }

    private static LevelRule serverRule(String name) {
        ServerSettings.Known known = ServerSettings.byName(name.substring(SERVER_PREFIX.length()));
        return known == null ? null : known.rule();
    }

    /** The server setting a factor varies ({@code server.work_mem} → {@code work_mem}), or null. */
    public static String serverSetting(String factor) {
        return factor.startsWith(SERVER_PREFIX) ? factor.substring(SERVER_PREFIX.length()) : null;
    }

    /** Null when the factor name itself is fine, else the problem (e.g. a session setting name). */
    public static String nameProblem(String name) {
        if (name.startsWith(SERVER_PREFIX) && ServerSettings.byName(name.substring(SERVER_PREFIX.length())) == null) {
            return "dbstudy cannot vary server setting '" + name.substring(SERVER_PREFIX.length()) + "'";
        }
        if (name.startsWith(SESSION_PREFIX)
                && !LevelRule.SQL_NAME.matcher(name.substring(SESSION_PREFIX.length())).matches()) {
            return "'" + name.substring(SESSION_PREFIX.length()) + "' is not a plain SQL setting name";
        }
        return null;
    }

    /** The factor names a study of this workload may use, for error messages. */
    public static String validNames(Workload workload) {
        List<String> names = new ArrayList<>(List.of(USERS + " (or clients)", "interval", "rows", ISOLATION, "lock"));
        names.addAll(workload.choices().keySet());
        workload.parameters().forEach(p -> names.add(p.name()));
        names.add(TARGET);
        names.add("session.<setting> (e.g. session.work_mem)");
        names.add("server.<setting> (e.g. server.shared_buffers)");
        return String.join(", ", names);
    }
}
