package org.dbstudy.jmeter;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.procedure.ProcedureCall;

/**
 * The checked configuration of a sample, read from the sampler's text fields after JMeter has
 * evaluated their {@code ${…}} expressions. Every problem names its field.
 */
public record SamplerSettings(
        String dataSource, String url, String user, String password, String dialectName,
        boolean connectionPerThread, List<String> statementTexts, List<List<Object>> parameters,
        boolean transaction, IsolationLevel isolation, int batchRows, boolean keepRows,
        boolean namedLock, String lockName, double lockTimeoutSeconds, boolean lockForTransaction,
        long statementTimeoutMillis, long lockWaitTimeoutMillis, Map<String, String> sessionSettings,
        int maxTries, Set<Outcome> retryOn, long backoffMillis, boolean subResults,
        ProcedureCall procedure) {

    private static final Pattern SETTING_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    /** The raw field values as JMeter hands them over, in the order of {@link TransactionSampler}. */
    public record Raw(String dataSource, String url, String user, String password, String passwordEnv,
                      String dialect, String connectionScope, String statements, String parameters,
                      String transactionMode, String isolationLevel, String batchRows, String keepRows,
                      String lockMode, String lockName, String lockTimeoutSeconds, String lockScope,
                      String statementTimeoutMs, String lockWaitTimeoutMs, String sessionSettings,
                      String maxTries, String retryOn, String backoffMs, String subResults,
                      String procedure, String procedureArguments) {
    }

    public static SamplerSettings parse(Raw raw) throws InvalidSettingException {
        String dataSource = trim(raw.dataSource());
        String url = trim(raw.url());
        if (dataSource.isEmpty() && url.isEmpty()) {
            throw new InvalidSettingException("url",
                    "empty; give a JDBC URL (e.g. jdbc:postgresql://127.0.0.1:5432/test) or a connection pool in 'dataSource'");
        }
        String password = raw.password() == null ? "" : raw.password();
        String passwordEnv = trim(raw.passwordEnv());
        if (!passwordEnv.isEmpty()) {
            String fromEnv = System.getenv(passwordEnv);
            if (fromEnv == null) {
                throw new InvalidSettingException("passwordEnv",
                        "environment variable " + passwordEnv + " is not set on this JMeter instance");
            }
            password = fromEnv;
        }
        String dialect = trim(raw.dialect()).isEmpty() ? Dialects.AUTO : trim(raw.dialect()).toUpperCase(Locale.ROOT);
        if (!Dialects.AUTO.equals(dialect) && Dialects.byName(dialect) == null) {
            throw new InvalidSettingException("dialect", "'" + raw.dialect() + "' is not one of " + Dialects.validNames());
        }
        boolean perThread = choice("connectionScope", raw.connectionScope(), "THREAD", "THREAD", "SAMPLE");

        // With a procedure, the statements field only overrides the procedure's named SQL.
        ProcedureCall procedure = ProcedureCall.parse(raw.procedure(), raw.procedureArguments(), raw.statements(),
                raw.parameters());
        List<String> statements = procedure != null ? List.of()
                : SqlStatement.split(raw.statements() == null ? "" : raw.statements());
        if (statements.isEmpty() && procedure == null) {
            throw new InvalidSettingException("statements", "no SQL statement; write one or more, each ending with ';' at the end of a line");
        }
        List<List<Object>> params = parameterLines(raw.parameters(), statements);

        boolean transaction = choice("transactionMode", raw.transactionMode(), "TRANSACTION", "TRANSACTION", "AUTOCOMMIT");
        IsolationLevel isolation = IsolationLevel.parse(raw.isolationLevel());
        if (isolation == null) {
            throw new InvalidSettingException("isolationLevel",
                    "'" + raw.isolationLevel() + "' is not one of " + IsolationLevel.validNames());
        }
        int batchRows = (int) number("batchRows", raw.batchRows(), 1, 1, 100_000);
        boolean keepRows = bool("keepRows", raw.keepRows());

        boolean namedLock = choice("lockMode", raw.lockMode(), "NONE", "NAMED_LOCK", "NONE");
        String lockName = trim(raw.lockName());
        if (namedLock && lockName.isEmpty()) {
            throw new InvalidSettingException("lockName", "empty; a named lock needs a name");
        }
        double lockTimeout = decimal("lockTimeoutSeconds", raw.lockTimeoutSeconds(), 10, 0, 31_536_000);
        boolean lockForTransaction = choice("lockScope", raw.lockScope(), "SAMPLE", "TRANSACTION", "SAMPLE");
        if (namedLock && lockForTransaction && !transaction) {
            // In auto-commit a transaction lock would end with its own statement: nothing would run under it.
            throw new InvalidSettingException("lockScope",
                    "TRANSACTION needs transactionMode TRANSACTION; with AUTOCOMMIT use lockScope SAMPLE");
        }

        long statementTimeout = number("statementTimeoutMs", raw.statementTimeoutMs(), -1, 0, Integer.MAX_VALUE);
        long lockWaitTimeout = number("lockWaitTimeoutMs", raw.lockWaitTimeoutMs(), -1, 0, Integer.MAX_VALUE);
        Map<String, String> sessionSettings = sessionSettings(raw.sessionSettings());

        int maxTries = (int) number("maxTries", raw.maxTries(), 1, 1, 1000);
        Set<Outcome> retryOn = retryOn(raw.retryOn());
        long backoff = number("backoffMs", raw.backoffMs(), 10, 0, 60_000);
        boolean subResults = bool("subResults", raw.subResults());

        return new SamplerSettings(dataSource, url, trim(raw.user()), password, dialect, perThread, statements, params,
                transaction, isolation, batchRows, keepRows, namedLock, lockName, lockTimeout, lockForTransaction,
                statementTimeout, lockWaitTimeout, sessionSettings, maxTries, retryOn, backoff, subResults, procedure);
    }

    /** The dialect the user chose, or null for AUTO (detected from the connection). */
    public Dialect chosenDialect() {
        return Dialects.AUTO.equals(dialectName) ? null : Dialects.byName(dialectName);
    }

    /** What must be (re)applied when it changes on a connection: settings and timeouts. */
    public String sessionKey() {
        return statementTimeoutMillis + "|" + lockWaitTimeoutMillis + "|" + sessionSettings;
    }

    private static List<List<Object>> parameterLines(String text, List<String> statements)
            throws InvalidSettingException {
        List<List<Object>> out = new ArrayList<>();
        // Leading blank lines matter (no parameters for the first statements); trailing ones do not.
        String[] lines = text == null || text.isBlank() ? new String[0] : text.stripTrailing().split("\\r?\\n", -1);
        if (lines.length > statements.size()) {
            throw new InvalidSettingException("parameters", lines.length + " lines of parameters for "
                    + statements.size() + " statements; write one line per statement, in order");
        }
        for (int i = 0; i < statements.size(); i++) {
            List<Object> values = SqlStatement.parseParameters(i < lines.length ? lines[i] : "");
            int markers = SqlStatement.countPlaceholders(statements.get(i));
            if (values.size() != markers) {
                throw new InvalidSettingException("parameters", "statement " + (i + 1) + " has " + markers
                        + " '?' markers but line " + (i + 1) + " of parameters has " + values.size() + " values");
            }
            out.add(values);
        }
        return out;
    }

    private static Map<String, String> sessionSettings(String text) throws InvalidSettingException {
        Map<String, String> out = new LinkedHashMap<>();
        if (text == null) {
            return out;
        }
        for (String line : text.split("\\r?\\n")) {
            if (line.isBlank()) {
                continue;
            }
            int eq = line.indexOf('=');
            String name = eq < 0 ? "" : line.substring(0, eq).strip();
            if (eq < 0 || !SETTING_NAME.matcher(name).matches()) {
                throw new InvalidSettingException("sessionSettings",
                        "'" + line.strip() + "' is not name=value with a plain setting name (e.g. work_mem=64MB)");
            }
            out.put(name, line.substring(eq + 1).strip());
        }
        return out;
    }

    private static Set<Outcome> retryOn(String text) throws InvalidSettingException {
        String value = trim(text).isEmpty() ? "SERIALIZATION_AND_DEADLOCK" : trim(text).toUpperCase(Locale.ROOT);
        return switch (value) {
            case "NONE" -> EnumSet.noneOf(Outcome.class);
            case "SERIALIZATION_AND_DEADLOCK" -> EnumSet.of(Outcome.SERIALIZATION_FAILURE, Outcome.DEADLOCK);
            case "SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT" ->
                    EnumSet.of(Outcome.SERIALIZATION_FAILURE, Outcome.DEADLOCK, Outcome.LOCK_TIMEOUT);
            default -> throw new InvalidSettingException("retryOn", "'" + text
                    + "' is not one of NONE, SERIALIZATION_AND_DEADLOCK, SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT");
        };
    }

    /** True when the value is {@code yes}; empty gives the default; anything else is an error. */
    private static boolean choice(String field, String text, String fallback, String yes, String no)
            throws InvalidSettingException {
        String value = trim(text).isEmpty() ? fallback : trim(text).toUpperCase(Locale.ROOT);
        if (value.equals(yes)) {
            return true;
        }
        if (value.equals(no)) {
            return false;
        }
        throw new InvalidSettingException(field, "'" + text + "' is not one of " + yes + ", " + no);
    }

    private static boolean bool(String field, String text) throws InvalidSettingException {
        return choice(field, text, "FALSE", "TRUE", "FALSE");
    }

    private static long number(String field, String text, long fallback, long min, long max)
            throws InvalidSettingException {
        String value = trim(text);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(value);
            if (n < min || n > max) {
                throw new InvalidSettingException(field, value + " is out of range; give a whole number from " + min + " to " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(field, "'" + value + "' is not a whole number (" + min + " to " + max + ")");
        }
    }

    private static double decimal(String field, String text, double fallback, double min, double max)
            throws InvalidSettingException {
        String value = trim(text);
        if (value.isEmpty()) {
            return fallback;
        }
        try {
            double d = Double.parseDouble(value);
            if (!(d >= min && d <= max)) {
                throw new InvalidSettingException(field, value + " is out of range; give a number from " + min + " to " + max);
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(field, "'" + value + "' is not a number (" + min + " to " + max + ")");
        }
    }

    private static String trim(String s) {
        return s == null ? "" : s.strip();
    }
}
