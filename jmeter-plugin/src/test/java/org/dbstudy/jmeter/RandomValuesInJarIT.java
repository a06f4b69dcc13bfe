package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The plugin's one jar, as JMeter loads it from lib/ext: the Zipf sampler it draws {@code zipfian(...)}
 * from is inside it under the plugin's own package (relocated Commons RNG), and it lists the
 * {@code __dbstudyPick} function for JMeter's ServiceLoader. Runs after {@code package}, on the jar (failsafe).
 */
class RandomValuesInJarIT {

    @Test
    void zipfianDrawsWithTheRelocatedSamplerInsideTheJar() throws Exception {
        String jar = RandomValues.class.getProtectionDomain().getCodeSource().getLocation().getPath();
        assertTrue(jar.endsWith(".jar"), "the classes come from the jar, not " + jar);
        Class<?> sampler = Class.forName("org.dbstudy.jmeter.shaded.rng.sampling.distribution.RejectionInversionZipfSampler");
        assertEquals(jar, sampler.getProtectionDomain().getCodeSource().getLocation().getPath());
        RandomValues r = RandomValues.parse("key = zipfian(1, 10, 0.99)");
        long[] drawn = new long[1];
        for (int i = 0; i < 1000; i++) {
            r.draw(drawn);
            assertTrue(drawn[0] >= 1 && drawn[0] <= 10, Long.toString(drawn[0]));
        }
    }

    @Test
    void theJarListsThePickFunctionForJMeter() throws IOException {
        List<String> listed = new ArrayList<>();
        for (URL url : Collections.list(RandomValuesInJarIT.class.getClassLoader()
                .getResources("META-INF/services/org.apache.jmeter.functions.Function"))) {
            if (url.getPath().contains("dbstudy-jmeter-plugin")) {
                try (InputStream in = url.openStream()) {
                    listed.add(new String(in.readAllBytes(), StandardCharsets.UTF_8).strip());
                }
            }
        }
        assertEquals(List.of("org.dbstudy.jmeter.functions.DbstudyPick"), listed);
    }
}
