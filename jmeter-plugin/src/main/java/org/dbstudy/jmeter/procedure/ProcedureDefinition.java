package org.dbstudy.jmeter.procedure;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.dbstudy.jmeter.InvalidSettingException;

/**
 * What the sampler knows of a procedure before running it: its name, the arguments it takes, its
 * named statements with their default SQL per dialect, and how to make one thread's instance.
 *
 * @param name         what the sampler's {@code procedure} field says, e.g. {@code TPCC_MIX}
 * @param description  one line for messages and docs
 * @param arguments    the argument names it accepts (anything else is a typo and fails the sample)
 * @param defaultSql   dialect name (POSTGRESQL, MYSQL, MARIADB) to the named statements, in order
 * @param factory      makes one thread's instance
 */
public record ProcedureDefinition(String name, String description, List<String> arguments,
                                  Function<String, Map<String, String>> defaultSql, Factory factory) {

    /** Makes one JMeter thread's instance; checks the arguments (the message names the argument). */
    @FunctionalInterface
    public interface Factory {
        Procedure create(Arguments arguments, NamedSql sql, int threadNumber) throws InvalidSettingException;
    }

    /** The default statements for a dialect name; the names are the same for every dialect. */
    public Map<String, String> defaultSql(String dialectName) {
        return defaultSql.apply(dialectName);
    }
}
