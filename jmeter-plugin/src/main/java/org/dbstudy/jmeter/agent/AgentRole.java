package org.dbstudy.jmeter.agent;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.PostThreadGroup;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jmeter.util.JMeterUtils;

/**
 * A distributed cell's division of work among its agents, read from two JMeter properties the runner
 * sends every agent ({@code -G}): {@link #SET_UP_BY}, the agent (as the runner names it in {@code -R},
 * which JMeter puts before every thread's name) that alone runs the setUp and tearDown groups, and
 * {@link #GATE}, the runner's start gate ({@link GateConnection}) at which every agent's setUp thread,
 * its setUp done or skipped, waits until all agents are there: JMeter starts the users' groups only after
 * the setUp groups' threads end, so all agents' users start together, ramp-ups and schedules counted from there.
 */
public final class AgentRole {
    /** The agent that runs setUp and tearDown, {@code HOST:PORT} as in {@code -R}. */
    public static final String SET_UP_BY = "dbstudy.agents.setUpBy";
    /** The runner's start gate, {@code HOST:PORT}. */
    public static final String GATE = "dbstudy.agents.gate";
    /** How JMeter names a remote engine's threads: {@code HOST:PORT-group n-m}. */
    private static final Pattern AGENT = Pattern.compile("^(\\S+?:\\d+)-");

    private AgentRole() {
    }

    /**
     * True when this thread runs a setUp or tearDown group on an agent other than the one named by
     * {@link #SET_UP_BY}: its samples are not taken (another agent loads and checks the database once).
     */
    public static boolean skipsSample(JMeterContext context) {
        String setUpBy = JMeterUtils.getProperty(SET_UP_BY);
        return setUpBy != null && !setUpBy.isBlank() && isSetUpOrTearDown(context.getThreadGroup())
                && !setUpBy.equals(agentOf(threadName(context)));
    }

    /** The agent a remote thread runs on, from its name; "" for a thread of a JMeter that runs alone. */
    static String agentOf(String threadName) {
        Matcher m = AGENT.matcher(threadName);
        return m.find() ? m.group(1) : "";
    }

    /** The JMeter thread's name; when a thread ends JMeter has already taken it from the context, and the JVM thread's name is the same. */
    private static String threadName(JMeterContext context) {
        return context.getThread() == null ? Thread.currentThread().getName() : context.getThread().getThreadName();
    }

    private static boolean isSetUpOrTearDown(AbstractThreadGroup group) {
        return group instanceof SetupThreadGroup || group instanceof PostThreadGroup;
    }

    /**
     * Holds a setUp group's thread at the runner's gate until every agent is there ({@link GateConnection});
     * returns the milliseconds it held (0 without the property or outside a setUp group).
     */
    public static long holdUntilStart(JMeterContext context) {
        String gate = JMeterUtils.getProperty(GATE);
        if (gate == null || gate.isBlank() || !(context.getThreadGroup() instanceof SetupThreadGroup)) {
            return 0;
        }
        long began = System.currentTimeMillis();
        GateConnection.await(gate.trim(), agentOf(threadName(context)), context.getEngine());
        return System.currentTimeMillis() - began;
    }
}
