package org.dbstudy.jmeter;

import java.util.function.Function;
import org.dbstudy.jmeter.procedure.InvalidSettingException;

/**
 * Turns the sampler's field texts into {@link SamplerSettings}, parsing only when a text changed
 * since the last sample: a plan's constants are parsed once per thread, and a field that changes
 * every sample ({@code parameters} with {@code ${…}}) re-reads only that field. One per thread.
 */
final class SettingsReader {
    private static final SamplerField[] FIELDS = SamplerField.values();

    private final String[] last = new String[FIELDS.length];
    private SamplerSettings settings;

    /** The settings for the current texts; {@code current} gives a field's text as evaluated now. */
    SamplerSettings read(Function<SamplerField, String> current) throws InvalidSettingException {
        boolean changed = false;
        boolean onlyParameters = true;
        for (SamplerField f : FIELDS) {
            String now = current.apply(f);
            String before = last[f.ordinal()];
            // Constants come back as the same String; evaluated ${…} as an equal or a new one.
            if (now != before && (now == null || !now.equals(before))) {
                last[f.ordinal()] = now;
                changed = true;
                onlyParameters &= f == SamplerField.PARAMETERS;
            }
        }
        if (settings != null && !changed) {
            return settings;
        }
        SamplerSettings before = settings;
        settings = null; // a field that fails to parse fails every sample until it changes
        settings = before != null && onlyParameters
                ? before.withParameters(last[SamplerField.PARAMETERS.ordinal()])
                : SamplerSettings.parse(f -> last[f.ordinal()]);
        return settings;
    }
}
