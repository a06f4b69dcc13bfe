/**
 * Server settings as a factor of a study, applied on a running server and undone after it: the one
 * place that changes a server's global configuration, shared by {@code bin/dbstudy run} and
 * {@code mvn verify}.
 *
 * <p>{@link org.dbstudy.databases.settings.ServerConfigurator} takes each cell's wanted settings,
 * asks the server how each one changes ({@link org.dbstudy.databases.settings.SettingSql}: PostgreSQL's
 * {@code pg_settings.context}, MariaDB's {@code READ_ONLY} variables), changes the dynamic ones over
 * SQL ({@code ALTER SYSTEM} + {@code pg_reload_conf()}, {@code SET GLOBAL}), restarts the server for
 * the others through a {@link org.dbstudy.databases.ServerRestart} (an embedded server
 * started again with them, or a command the target names), reads every setting back with units
 * normalised, and restores what it found when the study ends. Before its first change of a setting it
 * writes the original to the run folder's journal ({@link org.dbstudy.databases.settings.ServerJournal},
 * forced to disk), so that {@link org.dbstudy.databases.settings.JournalRestore} can put back what a run
 * killed outright left changed. A restart command has a time limit and is killed, with its children, at
 * it or at Ctrl-C. Which settings a study may name and
 * their valid values is the generator's catalog ({@code ServerSettings}); this package only trusts
 * the server.
 *
 * <p>May use the package above it (the endpoint and {@code ServerRestart}), the vocabulary and JDBC;
 * nothing of JMeter or the generator. The package above it does not use this one.
 */
package org.dbstudy.databases.settings;
