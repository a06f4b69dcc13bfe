package org.dbstudy.jmeter;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.NamedSql;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureDefinition;
import org.dbstudy.jmeter.procedure.Procedures;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A checked procedure call from the sampler's fields: the procedure, its arguments and the plan's SQL
 * overrides. Equal calls (same text in the fields) give the same thread instance, so a procedure's
 * random source survives samples.
 */
public record ProcedureCall(ProcedureDefinition definition, Arguments arguments, NamedSql sql) {

    /** {@code name: SQL} with a dotted name, e.g. {@code Payment.updateDistrict: UPDATE …}. */
    private static final Pattern NAMED = Pattern.compile("(?s)([A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)?)\\s*:\\s+(.+)");

    /**
     * Null when the {@code procedure} field is empty (the sampler runs its statement list). The
     * statements field then holds overrides only, and the parameters field must be empty.
     */
    public static ProcedureCall parse(String procedure, String argumentText, String statementsText,
                                      String parametersText) throws InvalidSettingException {
        String name = procedure == null ? "" : procedure.strip();
        if (name.isEmpty()) {
            return null;
        }
        ProcedureDefinition definition = Procedures.byName(name);
        if (definition == null) {
            throw new InvalidSettingException("procedure", "'" + name + "' is not a procedure; valid: "
                    + String.join(", ", Procedures.names()));
        }
        if (parametersText != null && !parametersText.isBlank()) {
            throw new InvalidSettingException("parameters",
                    "a procedure binds its own values; leave 'parameters' empty when 'procedure' is set");
        }
        Arguments arguments = Arguments.parse(argumentText, definition.name(), definition.arguments());
        NamedSql sql = new NamedSql(definition, overrides(definition, statementsText));
        ProcedureCall call = new ProcedureCall(definition, arguments, sql);
        call.instantiate(1); // checks the arguments now, in the configuration, not mid-run
        return call;
    }

    /** One JMeter thread's instance; {@code threadNumber} counts from 1. */
    public Procedure instantiate(int threadNumber) throws InvalidSettingException {
        return definition.factory().create(arguments, sql, threadNumber);
    }

    private static Map<String, String> overrides(ProcedureDefinition definition, String text)
            throws InvalidSettingException {
        Map<String, String> defaults = definition.defaultSql(DatabaseKind.POSTGRESQL);
        Map<String, String> out = new LinkedHashMap<>();
        for (String part : SqlStatement.split(text == null ? "" : text)) {
            Matcher m = NAMED.matcher(part);
            if (!m.matches()) {
                throw new InvalidSettingException("statements", "'" + abbreviate(part) + "' is not 'name: SQL;'. With a"
                        + " procedure the statements field only overrides its named statements: "
                        + String.join(", ", defaults.keySet()));
            }
            String statement = m.group(1);
            String sql = m.group(2).strip();
            String fallback = defaults.get(statement);
            if (fallback == null) {
                throw new InvalidSettingException("statements", "'" + statement + "' is not a statement of "
                        + definition.name() + "; valid: " + String.join(", ", defaults.keySet()));
            }
            int want = SqlStatement.countPlaceholders(fallback);
            int got = SqlStatement.countPlaceholders(sql);
            if (want != got) {
                throw new InvalidSettingException("statements", "'" + statement + "' has " + got
                        + " '?' markers; the procedure binds " + want + " values in the order of its default SQL");
            }
            out.put(statement, sql);
        }
        return out;
    }

    private static String abbreviate(String s) {
        String line = s.strip().replace('\n', ' ');
        return line.length() > 60 ? line.substring(0, 57) + "..." : line;
    }

}
