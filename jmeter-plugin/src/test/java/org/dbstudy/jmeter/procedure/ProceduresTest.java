package org.dbstudy.jmeter.procedure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The registry finds every workload through the services file, and the file lists every provider the sources have. */
class ProceduresTest {
    static final String SERVICES = "META-INF/services/" + ProcedureProvider.class.getName();
    static final List<String> NAMES = List.of("TPCC_LOAD", "TPCC_MIX", "TPCC_NEW_ORDER", "TPCC_PAYMENT",
            "TPCC_ORDER_STATUS", "TPCC_DELIVERY", "TPCC_STOCK_LEVEL", "TPCC_CHECK", "CH_QUERY", "CH_EXPLAIN", "SQL_CHECK");
    private static final Pattern PROVIDER = Pattern.compile(
            "(?s)^package ([\\w.]+);.*\\bclass (\\w+)[^{]*\\bimplements\\b[^{]*\\bProcedureProvider\\b", Pattern.MULTILINE);

    @Test
    void theRegistryHoldsEveryWorkloadsProceduresInTheListedOrder() {
        assertEquals(NAMES, Procedures.names());
        assertEquals("TPCC_PAYMENT", Procedures.byName(" tpcc_payment ").name());
    }

    @Test
    void theServicesFileListsEveryProviderInTheSources() throws IOException {
        List<String> inSources;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            inSources = files.filter(f -> f.toString().endsWith(".java")).map(ProceduresTest::provider)
                    .filter(p -> p != null).sorted().toList();
        }
        assertEquals(3, inSources.size(), "providers found in the sources: " + inSources);
        assertEquals(inSources, listed().stream().sorted().toList());
    }

    /** The provider class a source file declares, or null. */
    private static String provider(Path file) {
        try {
            Matcher m = PROVIDER.matcher(Files.readString(file, StandardCharsets.UTF_8));
            return m.find() ? m.group(1) + "." + m.group(2) : null;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The class names the services file lists (comments and blank lines left out). */
    static List<String> listed() throws IOException {
        try (InputStream in = ProcedureProvider.class.getClassLoader().getResourceAsStream(SERVICES)) {
            assertTrue(in != null, SERVICES + " is not on the class path");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(l -> l.replaceAll("#.*", "").strip())
                    .filter(l -> !l.isEmpty()).toList();
        }
    }
}
