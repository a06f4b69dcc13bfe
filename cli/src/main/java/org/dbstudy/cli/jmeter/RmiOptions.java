package org.dbstudy.cli.jmeter;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.dbstudy.cli.failure.UserError;
import picocli.CommandLine.Option;

/** The options that choose how the runner and its agents talk ({@link RmiTransport}): shared by run and agent. */
public final class RmiOptions {
    public static final String INSECURE = "--insecure-plain-rmi";

    @Option(names = "--rmi-keystore", paramLabel = "FILE",
            description = "Keystore for RMI over SSL, the same file on the runner and every agent (default: the JMeter home's"
                    + " bin/rmi_keystore.jks, else ~/.dbstudy/rmi_keystore.jks, which 'dbstudy agent' makes on first use).")
    Path keystore;

    @Option(names = INSECURE,
            description = "Talk plain RMI without SSL: anyone who reaches the agent's ports can run code on it. Only on a"
                    + " network no one else can reach; the runner and its agents must both say so.")
    boolean insecure;

    /**
     * The agent's transport: an SSL keystore that is there (made now if missing), or plain RMI with a
     * warning line.
     */
    public RmiTransport forAgent(JMeterHome home, String bind, PrintStream out, PrintStream err) {
        if (insecure) {
            refuseBoth(keystore);
            err.println("WARNING: " + INSECURE + ": RMI without SSL or authentication; anyone who reaches " + bind
                    + " can run code on this machine as " + System.getProperty("user.name"));
            return RmiTransport.insecurePlain();
        }
        Path file = RmiKeystore.locate(keystore, home);
        if (!Files.exists(file)) {
            boolean made;
            try {
                made = RmiKeystore.create(file);
            } catch (IOException e) {
                throw new UserError("--rmi-keystore " + file + ": cannot make it (" + e.getMessage() + ")");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new UserError("interrupted while making the RMI keystore " + file);
            }
            if (made) {
                out.println("made the RMI keystore " + file + " (valid " + RmiKeystore.VALID_DAYS
                        + " days); copy it to the runner and every other agent (see docs/distributed.md)");
            }
        }
        RmiKeystore.check(file, keystore != null ? "--rmi-keystore" : "RMI keystore");
        return RmiTransport.ssl(file);
    }

    /** What these options chose, as a value a run request carries. */
    public Choice choice() {
        return new Choice(keystore, insecure);
    }

    /** The runner's side of --rmi-keystore and --insecure-plain-rmi. */
    public record Choice(Path keystore, boolean insecure) {
        /** Both left out: RMI over SSL with the default keystore. */
        public static final Choice DEFAULT = new Choice(null, false);

        /**
         * The runner's transport: the agents' keystore must be here already, and every agent that answers
         * must acknowledge it.
         */
        public RmiTransport forRunner(JMeterHome home, java.util.List<String> agents) {
            RmiTransport transport = forRunner(home);
            for (String agent : agents) {
                String problem = transport.problemWith(agent);
                if (problem != null) {
                    throw new UserError(problem);
                }
            }
            return transport;
        }

        private RmiTransport forRunner(JMeterHome home) {
            if (insecure) {
                refuseBoth(keystore);
                return RmiTransport.insecurePlain();
            }
            Path file = RmiKeystore.locate(keystore, home);
            if (!Files.isRegularFile(file)) {
                throw new UserError((keystore != null ? "--rmi-keystore " : "no RMI keystore at ") + file
                        + ": copy the agents' rmi_keystore.jks there (or name it with --rmi-keystore); agents talk RMI over SSL"
                        + " (plain RMI only with " + INSECURE + " on both sides)");
            }
            RmiKeystore.check(file, keystore != null ? "--rmi-keystore" : "RMI keystore");
            return RmiTransport.ssl(file);
        }
    }

    private static void refuseBoth(Path keystore) {
        if (keystore != null) {
            throw new UserError("--rmi-keystore and " + INSECURE + " contradict each other: give one");
        }
    }
}
