/**
 * The database server a study runs against: the {@code --db} words
 * ({@link org.dbstudy.cli.server.Targets}), a server dbstudy starts itself
 * ({@link org.dbstudy.cli.server.EmbeddedTarget}), where a database is and how to log in
 * ({@link org.dbstudy.cli.server.ConnectionSettings}), what a server family is asked over SQL
 * ({@link org.dbstudy.cli.server.ServerFamily}) and the connection the monitor holds
 * ({@code MonitorSlot}). (Not named {@code target}: Maven's build folders are, and git ignores them.)
 *
 * <p>May use {@code failure}, {@code jmeter} (only for the dbstudy checkout or release it runs from,
 * where an embedded PostgreSQL's other majors are), the vocabulary and the databases module; nothing
 * about runs or commands.
 */
package org.dbstudy.cli.server;
