/**
 * Running a study. {@link org.dbstudy.cli.run.RunRequest} is everything a run is asked (with its
 * {@code StudyRequest}), as values: what {@code run}'s options parse to and what {@code reproduce} and
 * {@code mvn verify} build directly. {@link org.dbstudy.cli.run.StudyPipeline} is the one order of steps (load →
 * target → preflight → render → environment → run cells → analyse) that {@code run} and
 * {@code mvn verify} share; {@link org.dbstudy.cli.run.StudyRunner} runs the cells, each a JMeter
 * child process ({@code CellRun}), each ending in one {@code CellOutcome} (a sealed kind per way a cell
 * ends, written once as its run-status row and console line), with progress by phase ({@code CellPhase}), an ETA that starts from the
 * study's estimate and learns each run's overhead ({@code CellOverhead}), a tally of its JTL ({@code JtlTally}), a watch over it for cells that end on precision ({@code PrecisionWatch}, which
 * asks analysis' {@code stopping} when a cell is settled), the client's CPU
 * ({@code ClientCpu}) and reasons for cells without samples ({@code NoSamplesReason}). Around them:
 * {@code ReplicateLoop} ({@code --budget}, a {@code Budget}: replicates where claims are undecided, round by round, while
 * they fit), {@code Preflight}, {@code ServerSetup} (a study's {@code server.<setting>} factors through a run and
 * an earlier run's server journal put back), {@code EnvironmentCapture} with {@code BuildInfo},
 * {@code RunStatus} and resume, {@code RunEstimate} (the study's one estimate as every command prints it), {@code RunFolderLock} (one run per output folder) and
 * {@code RunChildren} (no child process outlives a killed runner: JMeter, an embedded server from
 * before its first process, a restart command; its watchdog script {@code watchdog.sh} is a resource
 * beside it) and {@code OutputWatch} (a run whose output closed stops as on Ctrl-C).
 *
 * <p>May use {@code failure}, {@code jmeter}, {@code server}, {@code agents}, the vocabulary, databases, monitor,
 * the generator and analysis; not the commands ({@code org.dbstudy.cli}) nor {@code maven}.
 */
package org.dbstudy.cli.run;
