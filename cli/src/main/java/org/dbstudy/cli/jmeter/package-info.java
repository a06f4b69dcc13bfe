/**
 * The JMeter that runs the cells: its home ({@link org.dbstudy.cli.jmeter.JMeterHome}, the one that
 * {@code jmeter-home} assembles or any JMeter 5.6.x home, and the {@code --jmeter-home} option), the
 * Java it runs on ({@link org.dbstudy.cli.jmeter.JMeterJava}, {@code --jmeter-java}), the
 * plugin and driver jars it needs ({@code PluginJars}), the class-data archive each cell's JMeter
 * starts from ({@link org.dbstudy.cli.jmeter.ClassDataArchive}), and RMI between a runner and its
 * agents: the shared {@code RmiKeystore}, SSL or plain transport ({@code RmiTransport},
 * {@code RmiOptions}) and the agent process's own main class ({@code AgentLauncher}, which uses the
 * JDK only since it runs beside JMeter's jars).
 *
 * <p>May use {@code failure}, the vocabulary, the plugin (to find its jar), picocli (the options
 * mixins) and the JDK; nothing about studies, targets or runs.
 */
package org.dbstudy.cli.jmeter;
