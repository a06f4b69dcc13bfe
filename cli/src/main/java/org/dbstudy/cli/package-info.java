/**
 * The {@code dbstudy} command line: {@code studies}, {@code check}, {@code generate}, {@code run},
 * {@code analyze}, {@code figure}, {@code agent}, {@code monitor} and {@code restore}. It owns running studies (JMeter child processes, progress by phase, estimates with each cell's
 * overhead, a failed setUp ending its cell and the study, run status, resume,
 * environment capture, embedded targets) and delegates plans to the generator and reports to analysis.
 * {@code StudyPipeline} is the one order of steps (load → target → preflight → render → environment →
 * run cells → analyse) that {@code run} ({@code StudyRunner} runs the cells) and {@code mvn verify}
 * ({@code MavenStudy} runs {@code run} in jmeter-maven-plugin's JMeter home, then checks it) share.
 * {@code ServerSetup} carries a study's {@code server.<setting>} factors through a run (preflight,
 * each cell's configuration, restore at the end and at Ctrl-C, and before all that the originals an
 * earlier, killed run left in the folder's server journal) with the databases module's {@code settings}
 * package; {@code restore} does only the last. {@code agent} and {@code run --remote} talk RMI over SSL
 * with one shared {@code RmiKeystore} ({@code RmiTransport}; plain RMI only with {@code --insecure-plain-rmi}).
 * {@code RunFolderLock} keeps one run per output folder; {@code RunChildren} lists and watches the
 * processes a run starts (JMeter, an embedded server) so that none outlives a killed runner.
 *
 * <p>May depend on every other module (the vocabulary, databases, the plugin through the generator,
 * the generator, analysis), picocli, Jackson (the version JMeter ships) and the JDBC drivers; it
 * starts JMeter as a separate process from the home that {@code jmeter-home} assembles or any JMeter
 * 5.6.x home ({@link org.dbstudy.cli.JMeterHome}), each cell's JMeter from a class-data archive of that
 * home ({@link org.dbstudy.cli.ClassDataArchive}). It is the only module that starts processes.
 */
package org.dbstudy.cli;
