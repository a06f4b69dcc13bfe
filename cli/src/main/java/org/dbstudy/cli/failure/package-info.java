/**
 * The two kinds of failure a command reports in one line instead of a stack trace: the user's
 * ({@link org.dbstudy.cli.failure.UserError}, a mistake in what was asked) and the machine's
 * ({@link org.dbstudy.cli.failure.EnvironmentError}, a full disk, a process that will not stop).
 * {@code Main} turns them into exit statuses 2 and 1. Uses the JDK only, so every other package of
 * the module may throw them.
 */
package org.dbstudy.cli.failure;
