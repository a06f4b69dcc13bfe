package org.dbstudy.jmeter.procedure;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * What the sampler knows of a procedure before running it: its name, the arguments it takes, its
 * named statements with their default SQL per dialect, and how to make one thread's instance.
 *
 * @param name         what the sampler's {@code procedure} field says, e.g. {@code TPCC_MIX}
 * @param description  one line for messages and docs
 * @param arguments    the argument names it accepts (anything else is a typo and fails the sample)
 * @param defaultSql   the database kind to the named statements, in order
 * @param factory      makes one thread's instance
 */
public record ProcedureDefinition(String name, String description, List<String> arguments,
                                  Function<DatabaseKind, Map<String, String>> defaultSql, Factory factory) {

    /** Makes one JMeter thread's instance; checks the arguments (the message names the argument). */
    @FunctionalInterface
    public interface Factory {
        Procedure create(Arguments arguments, NamedSql sql, int threadNumber) throws InvalidSettingException;
    }

    /** The default statements for a database kind; the names are the same for every dialect. */
    public Map<String, String> defaultSql(DatabaseKind kind) {
        return defaultSql.apply(kind);
    }
}
