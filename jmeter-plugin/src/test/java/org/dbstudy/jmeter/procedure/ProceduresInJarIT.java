package org.dbstudy.jmeter.procedure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plugin's one jar, as JMeter loads it from lib/ext: its services file survived the shading, and the
 * registry finds the workloads through the loader of the plugin's classes, whatever the thread's context
 * loader is (here one that cannot see the jar). Runs after {@code package}, on the jar (failsafe).
 */
class ProceduresInJarIT {

    @Test
    void theShadedJarRegistersEveryWorkloadWithoutTheContextLoader() throws Exception {
        String source = ProcedureProvider.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertTrue(source.endsWith(".jar"), "the classes come from the jar, not " + source);
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(ClassLoader.getPlatformClassLoader());
        List<String> names;
        try {
            names = Procedures.names();
        } finally {
            thread.setContextClassLoader(context);
        }
        assertEquals(ProceduresTest.NAMES, names);
        assertEquals(List.of("org.dbstudy.jmeter.tpcc.TpccProcedures", "org.dbstudy.jmeter.chbench.ChProcedures",
                "org.dbstudy.jmeter.check.CheckProcedures"),
                ProceduresTest.listed());
    }
}
