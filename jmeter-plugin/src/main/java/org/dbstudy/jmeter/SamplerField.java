package org.dbstudy.jmeter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.dbstudy.jmeter.dialect.Dialects;
import org.dbstudy.jmeter.procedure.Procedures;
import org.dbstudy.vocabulary.IsolationLevel;

/**
 * The sampler's fields, written once: the JMeter property name, the group it shows in, what kind of
 * value it takes, the value a new sampler starts with, and the choices of a dropdown. The GUI, the
 * settings parser, the generator's {@code SamplerSpec} and the field table of {@code docs/sampler.md}
 * all come from this list (a test holds the docs to it). The declaration order is the order of the
 * properties in a saved plan. Labels and tooltips live in {@code TransactionSamplerResources}.
 */
public enum SamplerField {
    DATA_SOURCE("dataSource", Group.CONNECTION, Kind.TEXT, ""),
    URL("url", Group.CONNECTION, Kind.TEXT, "${__P(db.url,jdbc:postgresql://127.0.0.1:5432/test)}"),
    USER("user", Group.CONNECTION, Kind.TEXT, "${__P(db.user,postgres)}"),
    PASSWORD("password", Group.CONNECTION, Kind.PASSWORD, "${__P(db.password,)}"),
    PASSWORD_ENV("passwordEnv", Group.CONNECTION, Kind.TEXT, ""),
    DIALECT("dialect", Group.CONNECTION, Kind.CHOICE, Dialects.AUTO, Dialects.choices(), 0, 0),
    CONNECTION_SCOPE("connectionScope", Group.CONNECTION, ConnectionScope.THREAD),
    /**
     * Unmeasured, rolled-back runs of the statements on each new THREAD connection (0: none). 5 by
     * default: pgjdbc prepares a statement on the server at its 5th execution (prepareThreshold), and
     * until then parses and plans it in every execution, so 5 puts every measured sample on the path the
     * rest of the cell runs. With 1, the first samples of 100 users inserting 2000 rows each had a
     * median of 1.0–1.5 s against 0.4 s after.
     */
    PRIME("prime", Group.CONNECTION, "5", 0, 100),
    STATEMENTS("statements", Group.STATEMENTS, Kind.SQL, "SELECT 1;"),
    PARAMETERS("parameters", Group.STATEMENTS, Kind.LINES, ""),
    /**
     * {@code name = random(min, max)}, {@code nurand(A, min, max)} or {@code zipfian(min, max, s)} lines
     * ({@link RandomValues}), drawn per sample in Java; parameters bind them as {@code :name}.
     */
    RANDOM_VALUES("randomValues", Group.STATEMENTS, Kind.LINES, ""),
    TRANSACTION_MODE("transactionMode", Group.TRANSACTION, TransactionMode.TRANSACTION),
    ISOLATION_LEVEL("isolationLevel", Group.TRANSACTION, IsolationLevel.DEFAULT),
    BATCH_ROWS("batchRows", Group.STATEMENTS, "1", 1, 100_000),
    /**
     * Tables the statements may empty or drop, one a line: before the first statement, one that exists
     * and was not created by dbstudy ({@link org.dbstudy.jmeter.dialect.TableOwnership}) fails the sample
     * and stops the test, with nothing run.
     */
    OWNED_TABLES("ownedTables", Group.STATEMENTS, Kind.LINES, ""),
    KEEP_ROWS("keepRows", Group.RESULTS, "false", "false", "true"),
    LOCK_MODE("lockMode", Group.LOCKS, LockMode.NONE),
    LOCK_NAME("lockName", Group.LOCKS, Kind.TEXT, ""),
    LOCK_TIMEOUT_SECONDS("lockTimeoutSeconds", Group.LOCKS, Kind.DECIMAL, "10", 0, 31_536_000),
    LOCK_SCOPE("lockScope", Group.LOCKS, LockScope.SAMPLE),
    STATEMENT_TIMEOUT_MS("statementTimeoutMs", Group.TIMEOUTS, "", 0, Integer.MAX_VALUE),
    LOCK_WAIT_TIMEOUT_MS("lockWaitTimeoutMs", Group.TIMEOUTS, "", 0, Integer.MAX_VALUE),
    SESSION_SETTINGS("sessionSettings", Group.TRANSACTION, Kind.LINES, ""),
    MAX_TRIES("maxTries", Group.TIMEOUTS, "1", 1, 1000),
    RETRY_ON("retryOn", Group.TIMEOUTS, RetryOn.SERIALIZATION_AND_DEADLOCK),
    BACKOFF_MS("backoffMs", Group.TIMEOUTS, "10", 0, 60_000),
    SUB_RESULTS("subResults", Group.RESULTS, "false", "false", "true"),
    /**
     * The pause the plan's timer was designed to make before each sample (a random timer's mean), in
     * ms; empty when the plan has none. Each sample's intended start is the thread's previous end plus
     * this pause ({@link IntendedStart}), written beside its actual start for the schedule lag.
     */
    PAUSE_MS("pauseMs", Group.RESULTS, "", 0, 86_400_000),
    /** Empty runs the statement list; a name runs that procedure (TPC-C, CH-benCHmark) as the try's body. */
    PROCEDURE("procedure", Group.PROCEDURE, Kind.CHOICE, "", procedureChoices(), 0, 0),
    PROCEDURE_ARGUMENTS("procedureArguments", Group.PROCEDURE, Kind.LINES, "");

    /** The sections of the sampler's form, in the order they show. */
    public enum Group {
        CONNECTION, STATEMENTS, TRANSACTION, LOCKS, TIMEOUTS, RESULTS, PROCEDURE;

        /** The resource key prefix, e.g. {@code connectionGroup} (apart from the field names). */
        public String key() {
            return name().toLowerCase(Locale.ROOT) + "Group";
        }
    }

    /** What a field holds, which decides its editor and how it is checked. */
    public enum Kind { TEXT, PASSWORD, SQL, LINES, CHOICE, WHOLE, DECIMAL }

    private final String key;
    private final Group group;
    private final Kind kind;
    private final String initial;
    private final List<String> choices;
    private final double min;
    private final double max;

    SamplerField(String key, Group group, Kind kind, String initial) {
        this(key, group, kind, initial, List.of(), 0, 0);
    }

    /** A whole number from min to max; an empty initial value means "not set". */
    SamplerField(String key, Group group, String initial, long min, long max) {
        this(key, group, Kind.WHOLE, initial, List.of(), min, max);
    }

    SamplerField(String key, Group group, Kind kind, String initial, double min, double max) {
        this(key, group, kind, initial, List.of(), min, max);
    }

    /** A dropdown of fixed words. */
    SamplerField(String key, Group group, String initial, String... choices) {
        this(key, group, Kind.CHOICE, initial, List.of(choices), 0, 0);
    }

    /** A dropdown of an enum's constants. */
    <E extends Enum<E>> SamplerField(String key, Group group, E initial) {
        this(key, group, Kind.CHOICE, initial.name(),
                Arrays.stream(initial.getDeclaringClass().getEnumConstants()).map(Enum::name).toList(), 0, 0);
    }

    SamplerField(String key, Group group, Kind kind, String initial, List<String> choices, double min, double max) {
        this.key = key;
        this.group = group;
        this.kind = kind;
        this.initial = initial;
        this.choices = choices;
        this.min = min;
        this.max = max;
    }

    /** The JMeter property name, as saved in plans: never change it, old plans use it. */
    public String key() { return key; }

    public Group group() { return group; }

    public Kind kind() { return kind; }

    /** The value a new sampler starts with (also what an empty choice or number means). */
    public String initial() { return initial; }

    /** The words a dropdown offers; empty unless {@link Kind#CHOICE}. A typed {@code ${…}} is accepted too. */
    public List<String> choices() { return choices; }

    public double min() { return min; }

    public double max() { return max; }

    /** Empty (the statement list) and the name of every procedure. */
    private static List<String> procedureChoices() {
        List<String> out = new ArrayList<>();
        out.add("");
        out.addAll(Procedures.names());
        return List.copyOf(out);
    }

    /** The field with this property name, or null (a map: the sampler looks up its properties every sample). */
    public static SamplerField byKey(String key) {
        return ByKey.FIELDS.get(key);
    }

    /** Built on first use, after the constants exist. */
    private static final class ByKey {
        static final java.util.Map<String, SamplerField> FIELDS = new java.util.HashMap<>();

        static {
            for (SamplerField f : values()) {
                FIELDS.put(f.key, f);
            }
        }
    }
}
