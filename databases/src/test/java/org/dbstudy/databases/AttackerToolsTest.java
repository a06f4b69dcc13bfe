package org.dbstudy.databases;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The tools the "closed to others" tests attack with do what they claim, so a refusal they see is real. */
class AttackerToolsTest {
    @Test
    void otherLocalUserRunsAsNobody() {
        OtherLocalUser.Result id = OtherLocalUser.run(Duration.ofSeconds(10), "/usr/bin/id", "-u");
        assertTrue(id.succeeded(), id.output());
        assertEquals(String.valueOf(OtherLocalUser.UID), id.output().strip());
    }

    @Test
    void secondNamespaceReachesAWildcardListenerButNotALoopbackOne() throws Exception {
        try (SecondNetworkNamespace ns = SecondNetworkNamespace.create();
                ServerSocket everywhere = new ServerSocket();
                ServerSocket loopback = new ServerSocket()) {
            everywhere.bind(new InetSocketAddress(InetAddress.getByName("0.0.0.0"), 0));
            loopback.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            assertTrue(ns.canConnect(ns.hostAddress(), everywhere.getLocalPort()),
                    "a listener on every interface must be reachable from the second namespace");
            assertFalse(ns.canConnect(ns.hostAddress(), loopback.getLocalPort()),
                    "a loopback listener must not be reachable from the second namespace");
            assertFalse(ns.canConnect("127.0.0.1", loopback.getLocalPort()),
                    "the second namespace's loopback is its own");
        }
    }
}
