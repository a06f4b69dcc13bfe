package org.dbstudy.cli.jmeter;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options that pick the JMeter installation and the Java it runs on: shared by run and agent. */
public final class JMeterHomeOptions {
    @Option(names = "--jmeter-home", paramLabel = "DIR",
            description = "A JMeter 5.6.x installation to run with (default: $JMETER_HOME, else the JMeter that comes with dbstudy)."
                    + " Nothing is installed into it: the plugin and drivers it lacks are passed on JMeter's user.classpath.")
    Path jmeterHome;

    @Option(names = "--install-plugin",
            description = "Copy the dbstudy plugin into the JMeter home's lib/ext and the JDBC drivers it lacks into its lib.")
    boolean installPlugin;

    @Option(names = "--jmeter-java", paramLabel = "JAVA",
            description = "The Java that runs JMeter: a java launcher or a JDK folder, Java 17 or newer (default: $DBSTUDY_JMETER_JAVA,"
                    + " else the Java running dbstudy). A newer JDK can cost the client less CPU per sample; environment.json records it.")
    Path jmeterJava;

    public JMeterHome locate() {
        return choice().locate();
    }

    /** What these options chose, as a value a run request carries. */
    public Choice choice() {
        return new Choice(jmeterHome, installPlugin, jmeterJava);
    }

    /** The JMeter home and Java chosen (null: the default of each). */
    public record Choice(Path home, boolean installPlugin, Path java) {
        /** --jmeter-home, --jmeter-java and --install-plugin left out. */
        public static final Choice DEFAULT = new Choice(null, false, null);

        /** A given home, nothing installed into it, the default Java. */
        public static Choice home(Path home) {
            return new Choice(home, false, null);
        }

        public JMeterHome locate() {
            return JMeterHome.locate(home, installPlugin, JMeterJava.chosen(java));
        }
    }
}
