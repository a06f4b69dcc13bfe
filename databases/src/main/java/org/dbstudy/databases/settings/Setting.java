package org.dbstudy.databases.settings;

/**
 * A server setting as the server describes it.
 *
 * @param value        the value as the server shows it ({@code 128MB}, {@code pool-of-threads})
 * @param unit         the unit a bare number means (PostgreSQL's {@code pg_settings.unit}, e.g.
 *                     {@code 8kB}), or null
 * @param needsRestart whether the server reads it only when it starts
 * @param persisted    whether the value comes from a change made over SQL that outlives a restart
 *                     ({@code postgresql.auto.conf}), so restoring sets it back rather than resetting it
 * @param changeable   false when no means can change it (PostgreSQL's {@code internal} settings)
 */
public record Setting(String name, String value, String unit, boolean needsRestart, boolean persisted,
                      boolean changeable) {
}
