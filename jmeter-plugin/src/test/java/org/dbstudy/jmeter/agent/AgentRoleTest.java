package org.dbstudy.jmeter.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContext;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.PostThreadGroup;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A distributed cell's roles on one agent: only the named agent takes setUp and tearDown samples, users are
 * never skipped, and a setUp thread waits at the runner's gate until it opens, then beats.
 */
class AgentRoleTest {
    private static final String NAMED = "10.0.0.13:1099";

    @BeforeAll
    static void properties() throws IOException {
        // Outside a JMeter engine there are no JMeter properties: start from empty ones.
        Path props = Files.createTempFile("jmeter", ".properties");
        JMeterUtils.loadJMeterProperties(props.toString());
        Files.delete(props);
    }

    @AfterEach
    void clear() {
        JMeterUtils.getJMeterProperties().remove(AgentRole.SET_UP_BY);
        JMeterUtils.getJMeterProperties().remove(AgentRole.GATE);
    }

    @Test
    void onlyTheNamedAgentTakesSetUpAndTearDownSamples() {
        JMeterUtils.setProperty(AgentRole.SET_UP_BY, NAMED);
        assertFalse(AgentRole.skipsSample(context(new SetupThreadGroup(), NAMED + "-setUp 1-1")));
        assertTrue(AgentRole.skipsSample(context(new SetupThreadGroup(), "10.0.0.11:1099-setUp 1-1")));
        assertTrue(AgentRole.skipsSample(context(new PostThreadGroup(), "10.0.0.11:1099-tearDown 1-1")));
        // A name that only starts like the named agent's (port 10990) is another agent.
        assertTrue(AgentRole.skipsSample(context(new SetupThreadGroup(), NAMED + "0-setUp 1-1")));
        assertFalse(AgentRole.skipsSample(context(new ThreadGroup(), "10.0.0.11:1099-users 1-1")), "users always sample");
    }

    @Test
    void withoutTheRunnersPropertiesNothingIsSkippedNorHeld() {
        assertFalse(AgentRole.skipsSample(context(new SetupThreadGroup(), "setUp 1-1")));
        assertEquals(0, AgentRole.holdUntilStart(context(new SetupThreadGroup(), "setUp 1-1")));
    }

    @Test
    void aSetUpThreadWaitsAtTheGateUntilItOpensAndUsersDoNot() throws Exception {
        try (ServerSocket gate = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            JMeterUtils.setProperty(AgentRole.GATE, "127.0.0.1:" + gate.getLocalPort());
            assertEquals(0, AgentRole.holdUntilStart(context(new ThreadGroup(), "10.0.0.11:1099-users 1-1")));
            CountDownLatch released = new CountDownLatch(1);
            Thread setUp = new Thread(() -> {
                AgentRole.holdUntilStart(context(new SetupThreadGroup(), "10.0.0.11:1099-setUp 1-1"));
                released.countDown();
            });
            setUp.start();
            try (Socket line = gate.accept()) {
                BufferedReader in = new BufferedReader(new InputStreamReader(line.getInputStream(), StandardCharsets.US_ASCII));
                assertEquals("READY 10.0.0.11:1099", in.readLine(), "the agent names itself as the runner does");
                assertEquals(1, released.getCount(), "held until the gate opens");
                line.getOutputStream().write("GO\n".getBytes(StandardCharsets.US_ASCII));
                line.getOutputStream().flush();
                assertTrue(released.await(60, TimeUnit.SECONDS), "released by GO");
                assertEquals(".", in.readLine(), "then heartbeats");
            }
            setUp.join();
        }
    }

    private static JMeterContext context(AbstractThreadGroup group, String threadName) {
        JMeterContext context = JMeterContextService.getContext();
        context.setThreadGroup(group);
        JMeterThread thread = new JMeterThread(new HashTree(new LoopController()), null, null);
        thread.setThreadName(threadName);
        context.setThread(thread);
        return context;
    }
}
