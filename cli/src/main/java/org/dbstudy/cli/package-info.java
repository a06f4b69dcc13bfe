/**
 * The {@code dbstudy} command line: {@code Main} (the entry point of {@code bin/dbstudy}, turning a
 * {@code UserError} into status 2 and an {@code EnvironmentError} into status 1) and its commands
 * {@code studies}, {@code check}, {@code generate}, {@code run}, {@code analyze}, {@code figure},
 * {@code reproduce}, {@code agent}, {@code monitor} and {@code restore}, with what only commands need:
 * the study options, the connection and restart options {@code run} and {@code restore} share (mixins declared once), claim verdicts as the commands print them ({@code ClaimVerdicts}), the manifest
 * {@code analyze} finds, the run folders it combines, the targets a run leaves out, the database a run
 * may go to ({@code DeclaredTarget}), the sockets an agent listens on. The work is elsewhere in the module: {@code run} (the study pipeline and its cells),
 * {@code server} (the database server), {@code jmeter} (the JMeter home, its class-data archive, RMI),
 * {@code failure} (the two kinds of failure) and {@code maven} ({@code mvn verify}'s main job, which
 * calls {@code Main}).
 *
 * <p>The module may depend on every other module (the vocabulary, databases, the plugin through the
 * generator, the generator, analysis), picocli and the JDBC
 * drivers; it starts JMeter as a separate process and is the only module that starts processes.
 * This package may use every package of the module but {@code maven}; none of them uses it but
 * {@code maven}.
 */
package org.dbstudy.cli;
