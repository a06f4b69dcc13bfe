/**
 * {@code mvn verify}'s main job ({@link org.dbstudy.cli.maven.MavenStudy}): the plugin installed into
 * jmeter-maven-plugin's JMeter home, then {@code dbstudy run}'s request ({@code RunRequest}, built directly) with that home, then the checks after
 * it: the logging of its cells ({@code JMeterLogCheck}), cells taken in {@code manifest.csv}'s order
 * ({@code RunOrder}) and the study's own expectations.
 *
 * <p>May use the commands ({@code org.dbstudy.cli}: {@code Main}, {@code ClaimVerdicts}), the run request
 * ({@code run}) and the JMeter home's choice ({@code jmeter}), the vocabulary, the generator (a study's cells) and the JDK. Nothing in the module uses it; {@code src/test}'s pom starts it.
 */
package org.dbstudy.cli.maven;
