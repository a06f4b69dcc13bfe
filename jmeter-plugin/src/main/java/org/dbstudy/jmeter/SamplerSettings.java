package org.dbstudy.jmeter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.dialect.Dialect;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.vocabulary.IsolationLevel;

/**
 * The checked configuration of a sample, read from the sampler's text fields after JMeter has
 * evaluated their {@code ${…}} expressions. Every problem names its field; every choice is an enum.
 * The fields, their defaults and ranges come from {@link SamplerField}.
 */
public record SamplerSettings(
        String dataSource, String url, String user, String password, String dialectName,
        ConnectionScope connectionScope, int prime, List<String> statementTexts, List<List<Object>> parameters,
        RandomValues randomValues, TransactionMode transactionMode, IsolationLevel isolation, int batchRows,
        List<String> ownedTables, boolean keepRows,
        LockMode lockMode, String lockName, double lockTimeoutSeconds, LockScope lockScope,
        long statementTimeoutMillis, long lockWaitTimeoutMillis, Map<String, String> sessionSettings,
        int maxTries, RetryOn retryOn, long backoffMillis, boolean subResults, long pauseMillis, ProcedureCall procedure) {

    private static final Pattern TABLE_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
    private static final Pattern SETTING_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)?");

    /** Reads and checks every field; {@code raw} gives a field's text as JMeter evaluated it (null = empty). */
    public static SamplerSettings parse(Function<SamplerField, String> raw) throws InvalidSettingException {
        String dataSource = trim(raw.apply(SamplerField.DATA_SOURCE));
        String url = trim(raw.apply(SamplerField.URL));
        if (dataSource.isEmpty() && url.isEmpty()) {
            throw new InvalidSettingException("url",
                    "empty; give a JDBC URL (e.g. jdbc:postgresql://127.0.0.1:5432/test) or a connection pool in 'dataSource'");
        }
        String password = raw.apply(SamplerField.PASSWORD) == null ? "" : raw.apply(SamplerField.PASSWORD);
        String passwordEnv = trim(raw.apply(SamplerField.PASSWORD_ENV));
        if (!passwordEnv.isEmpty()) {
            String fromEnv = System.getenv(passwordEnv);
            if (fromEnv == null) {
                throw new InvalidSettingException("passwordEnv",
                        "environment variable " + passwordEnv + " is not set on this JMeter instance");
            }
            password = fromEnv;
        }
        String dialect = word(SamplerField.DIALECT, raw);
        if (!Dialects.AUTO.equals(dialect) && Dialects.byName(dialect) == null) {
            throw new InvalidSettingException("dialect", "'" + raw.apply(SamplerField.DIALECT) + "' is not one of "
                    + Dialects.validNames());
        }
        ConnectionScope scope = choice(SamplerField.CONNECTION_SCOPE, raw, ConnectionScope.class);
        int prime = (int) whole(SamplerField.PRIME, raw, -1);

        RandomValues randomValues = RandomValues.parse(raw.apply(SamplerField.RANDOM_VALUES));
        if (!randomValues.isEmpty() && !trim(raw.apply(SamplerField.PROCEDURE)).isEmpty()) {
            throw new InvalidSettingException(RandomValues.FIELD,
                    "a procedure draws its own values; leave 'randomValues' empty when 'procedure' is set");
        }
        // With a procedure, the statements field only overrides the procedure's named SQL.
        ProcedureCall procedure = ProcedureCall.parse(raw.apply(SamplerField.PROCEDURE),
                raw.apply(SamplerField.PROCEDURE_ARGUMENTS), raw.apply(SamplerField.STATEMENTS),
                raw.apply(SamplerField.PARAMETERS));
        List<String> statements = procedure != null ? List.of() : SqlStatement.split(
                raw.apply(SamplerField.STATEMENTS) == null ? "" : raw.apply(SamplerField.STATEMENTS));
        if (statements.isEmpty() && procedure == null) {
            throw new InvalidSettingException("statements", "no SQL statement; write one or more, each ending with ';' at the end of a line");
        }
        List<List<Object>> params = parameterLines(raw.apply(SamplerField.PARAMETERS), statements, randomValues);

        TransactionMode mode = choice(SamplerField.TRANSACTION_MODE, raw, TransactionMode.class);
        String isolationText = raw.apply(SamplerField.ISOLATION_LEVEL);
        IsolationLevel isolation = IsolationLevel.parse(isolationText);
        if (isolation == null) {
            throw new InvalidSettingException("isolationLevel",
                    "'" + isolationText + "' is not one of " + IsolationLevel.validSpellings());
        }
        int batchRows = (int) whole(SamplerField.BATCH_ROWS, raw, -1);
        List<String> ownedTables = ownedTables(raw.apply(SamplerField.OWNED_TABLES), procedure != null);
        boolean keepRows = bool(SamplerField.KEEP_ROWS, raw);

        LockMode lockMode = choice(SamplerField.LOCK_MODE, raw, LockMode.class);
        String lockName = trim(raw.apply(SamplerField.LOCK_NAME));
        if (lockMode == LockMode.NAMED_LOCK && lockName.isEmpty()) {
            throw new InvalidSettingException("lockName", "empty; a named lock needs a name");
        }
        double lockTimeout = decimal(SamplerField.LOCK_TIMEOUT_SECONDS, raw);
        LockScope lockScope = choice(SamplerField.LOCK_SCOPE, raw, LockScope.class);
        if (lockMode == LockMode.NAMED_LOCK && lockScope == LockScope.TRANSACTION && mode != TransactionMode.TRANSACTION) {
            // In auto-commit a transaction lock would end with its own statement: nothing would run under it.
            throw new InvalidSettingException("lockScope",
                    "TRANSACTION needs transactionMode TRANSACTION; with AUTOCOMMIT use lockScope SAMPLE");
        }

        long statementTimeout = whole(SamplerField.STATEMENT_TIMEOUT_MS, raw, -1);
        long lockWaitTimeout = whole(SamplerField.LOCK_WAIT_TIMEOUT_MS, raw, -1);
        Map<String, String> sessionSettings = sessionSettings(raw.apply(SamplerField.SESSION_SETTINGS));

        int maxTries = (int) whole(SamplerField.MAX_TRIES, raw, -1);
        RetryOn retryOn = choice(SamplerField.RETRY_ON, raw, RetryOn.class);
        long backoff = whole(SamplerField.BACKOFF_MS, raw, -1);
        boolean subResults = bool(SamplerField.SUB_RESULTS, raw);
        long pause = whole(SamplerField.PAUSE_MS, raw, -1);

        return new SamplerSettings(dataSource, url, trim(raw.apply(SamplerField.USER)), password, dialect, scope,
                prime, statements, params, randomValues, mode, isolation, batchRows, ownedTables, keepRows, lockMode, lockName, lockTimeout,
                lockScope, statementTimeout, lockWaitTimeout, sessionSettings, maxTries, retryOn, backoff, subResults, pause,
                procedure);
    }

    /** The ownedTables field: plain table names, one a line; a procedure guards its own tables. */
    private static List<String> ownedTables(String text, boolean procedure) throws InvalidSettingException {
        List<String> out = new ArrayList<>();
        for (String line : (text == null ? "" : text).split("\\R")) {
            String name = line.strip();
            if (name.isEmpty()) {
                continue;
            }
            if (!TABLE_NAME.matcher(name).matches()) {
                throw new InvalidSettingException("ownedTables", "'" + name + "' is not a plain table name"
                        + " (letters, digits and _, not starting with a digit), one a line");
            }
            out.add(name);
        }
        if (procedure && !out.isEmpty()) {
            throw new InvalidSettingException("ownedTables",
                    "a procedure guards its own tables; leave 'ownedTables' empty when 'procedure' is set");
        }
        return List.copyOf(out);
    }

    /** The same settings with other parameter values (the field that changes from sample to sample). */
    public SamplerSettings withParameters(String text) throws InvalidSettingException {
        if (procedure != null && text != null && !text.isBlank()) {
            throw new InvalidSettingException("parameters",
                    "a procedure binds its own values; leave 'parameters' empty when 'procedure' is set");
        }
        return new SamplerSettings(dataSource, url, user, password, dialectName, connectionScope, prime,
                statementTexts, parameterLines(text, statementTexts, randomValues), randomValues, transactionMode, isolation, batchRows,
                ownedTables, keepRows, lockMode, lockName, lockTimeoutSeconds, lockScope, statementTimeoutMillis, lockWaitTimeoutMillis,
                sessionSettings, maxTries, retryOn, backoffMillis, subResults, pauseMillis, procedure);
    }

    /** The dialect the user chose, or null for AUTO (detected from the connection). */
    public Dialect chosenDialect() {
        return Dialects.AUTO.equals(dialectName) ? null : Dialects.byName(dialectName);
    }

    public boolean inTransaction() {
        return transactionMode == TransactionMode.TRANSACTION;
    }

    public boolean namedLock() {
        return lockMode == LockMode.NAMED_LOCK;
    }

    public boolean lockForTransaction() {
        return lockScope == LockScope.TRANSACTION;
    }

    /** What must be (re)applied when it changes on a connection: settings and timeouts. */
    public String sessionKey() {
        return statementTimeoutMillis + "|" + lockWaitTimeoutMillis + "|" + sessionSettings;
    }

    private static List<List<Object>> parameterLines(String text, List<String> statements, RandomValues random)
            throws InvalidSettingException {
        List<List<Object>> out = new ArrayList<>();
        // Leading blank lines matter (no parameters for the first statements); trailing ones do not.
        List<String> lines = text == null || text.isBlank() ? List.of() : lines(text.stripTrailing());
        if (lines.size() > statements.size()) {
            throw new InvalidSettingException("parameters", lines.size() + " lines of parameters for "
                    + statements.size() + " statements; write one line per statement, in order");
        }
        for (int i = 0; i < statements.size(); i++) {
            List<Object> values = SqlStatement.parseParameters(i < lines.size() ? lines.get(i) : "", random, i + 1);
            int markers = SqlStatement.countPlaceholders(statements.get(i));
            if (values.size() != markers) {
                throw new InvalidSettingException("parameters", "statement " + (i + 1) + " has " + markers
                        + " '?' markers but line " + (i + 1) + " of parameters has " + values.size() + " values");
            }
            out.add(values);
        }
        return out;
    }

    /** Lines split at \n or \r\n, by hand: parameters are read again whenever they change. */
    private static List<String> lines(String text) {
        List<String> out = new ArrayList<>();
        int from = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == '\n') {
                int end = i > from && text.charAt(i - 1) == '\r' ? i - 1 : i;
                out.add(text.substring(from, end));
                from = i + 1;
            }
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

    /** The field's word in upper case; empty gives the field's initial value. */
    private static String word(SamplerField field, Function<SamplerField, String> raw) {
        String value = trim(raw.apply(field));
        return (value.isEmpty() ? field.initial() : value).toUpperCase(Locale.ROOT);
    }

    /** One of an enum's constants; empty gives the field's initial value; anything else is an error. */
    private static <E extends Enum<E>> E choice(SamplerField field, Function<SamplerField, String> raw, Class<E> type)
            throws InvalidSettingException {
        String value = word(field, raw);
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(value)) {
                return e;
            }
        }
        throw new InvalidSettingException(field.key(), "'" + raw.apply(field) + "' is not one of "
                + String.join(", ", field.choices()));
    }

    private static boolean bool(SamplerField field, Function<SamplerField, String> raw) throws InvalidSettingException {
        String value = word(field, raw);
        if (value.equals("TRUE") || value.equals("FALSE")) {
            return value.equals("TRUE");
        }
        throw new InvalidSettingException(field.key(), "'" + raw.apply(field) + "' is not one of true, false");
    }

    /** A whole number in the field's range; empty gives the initial value, or {@code unset} when that is empty too. */
    private static long whole(SamplerField field, Function<SamplerField, String> raw, long unset)
            throws InvalidSettingException {
        String value = trim(raw.apply(field));
        if (value.isEmpty()) {
            value = field.initial();
            if (value.isEmpty()) {
                return unset;
            }
        }
        long min = (long) field.min();
        long max = (long) field.max();
        try {
            long n = Long.parseLong(value);
            if (n < min || n > max) {
                throw new InvalidSettingException(field.key(), value + " is out of range; give a whole number from " + min + " to " + max);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(field.key(), "'" + value + "' is not a whole number (" + min + " to " + max + ")");
        }
    }

    private static double decimal(SamplerField field, Function<SamplerField, String> raw) throws InvalidSettingException {
        String value = trim(raw.apply(field));
        if (value.isEmpty()) {
            value = field.initial();
        }
        try {
            double d = Double.parseDouble(value);
            if (!(d >= field.min() && d <= field.max())) {
                throw new InvalidSettingException(field.key(), value + " is out of range; give a number from "
                        + field.min() + " to " + field.max());
            }
            return d;
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(field.key(), "'" + value + "' is not a number (" + field.min() + " to " + field.max() + ")");
        }
    }

    private static String trim(String s) {
        return s == null ? "" : s.strip();
    }
}
