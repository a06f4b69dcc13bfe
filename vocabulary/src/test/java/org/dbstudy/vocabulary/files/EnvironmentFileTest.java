package org.dbstudy.vocabulary.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentFileTest {

    /** The environment of the golden file, built as the runner builds one. */
    private static Map<String, Object> environment() {
        Map<String, Object> dbstudy = new LinkedHashMap<>();
        dbstudy.put(EnvironmentFile.VERSION, "0.1.0-SNAPSHOT");
        dbstudy.put(EnvironmentFile.COMMIT, "766de9f0c0ffee00000000000000000000000000");
        dbstudy.put(EnvironmentFile.UNCOMMITTED_CHANGES, "false");
        dbstudy.put(EnvironmentFile.PLUGIN, "/opt/jmeter/lib/ext/dbstudy-jmeter-plugin-0.1.0-SNAPSHOT.jar");
        Map<String, Object> run = new LinkedHashMap<>();
        run.put(EnvironmentFile.STUDY, "smoke");
        run.put(EnvironmentFile.TARGET, "postgresql");
        run.put(EnvironmentFile.STARTED, "2026-12-07T21:40:00.123Z");
        run.put(EnvironmentFile.AGENTS, "none (local JMeter)");
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("synchronous_commit", "on");
        settings.put("shared_buffers", "128MB");
        Map<String, Object> database = new LinkedHashMap<>();
        database.put(EnvironmentFile.URL, "jdbc:postgresql://127.0.0.1:5432/test");
        database.put(EnvironmentFile.USER, "postgres");
        database.put(EnvironmentFile.PRODUCT, "PostgreSQL");
        database.put(EnvironmentFile.VERSION, "15.10 (Debian 15.10-0+deb12u1)");
        database.put(EnvironmentFile.SERVER, "say \"hi\"\\ now\n\ttab\u0001 Zürich ✓");
        database.put(EnvironmentFile.DRIVER, null);
        database.put(EnvironmentFile.SETTINGS, settings);
        Map<String, Object> client = new LinkedHashMap<>();
        client.put(EnvironmentFile.CORES, "2");
        client.put(EnvironmentFile.JDBC_DRIVERS, "postgresql-42.7.3.jar, mariadb-java-client-3.4.1.jar");
        Map<String, Object> env = new LinkedHashMap<>();
        env.put(EnvironmentFile.DBSTUDY, dbstudy);
        env.put(EnvironmentFile.RUN, run);
        env.put(EnvironmentFile.DATABASE, database);
        env.put(EnvironmentFile.CLIENT, client);
        env.put(EnvironmentFile.SERVER_SETTINGS_PER_CELL, new LinkedHashMap<String, Object>());
        return env;
    }

    private static String golden() throws IOException {
        try (InputStream in = EnvironmentFileTest.class.getResourceAsStream("environment.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void writesTheGoldenFileByteForByte() throws IOException {
        assertEquals(golden(), EnvironmentFile.write(environment()));
    }

    @Test
    void aWrittenFileReadsBackEqualKeysInOrder() throws Exception {
        Map<String, Object> env = environment();
        Map<String, Object> back = EnvironmentFile.read(EnvironmentFile.write(env));
        assertEquals(env, back);
        assertEquals(List.copyOf(env.keySet()), List.copyOf(back.keySet()));
        assertEquals(EnvironmentFile.write(env), EnvironmentFile.write(back), "written again, the same bytes");
        assertEquals(golden(), EnvironmentFile.write(EnvironmentFile.read(golden())));
    }

    @Test
    void flattenedKeysAreTheDottedPaths() throws Exception {
        Map<String, String> flat = EnvironmentFile.flatten(EnvironmentFile.read(golden()));
        assertEquals("15.10 (Debian 15.10-0+deb12u1)", flat.get(EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.VERSION)));
        assertEquals("database.version", EnvironmentFile.path(EnvironmentFile.DATABASE, EnvironmentFile.VERSION));
        assertEquals("on", flat.get("database.settings.synchronous_commit"));
        assertEquals("null", flat.get("database.driver"));
        assertEquals("smoke", flat.get("run.study"));
        assertEquals(List.of("dbstudy.version", "dbstudy.commit"), List.copyOf(flat.keySet()).subList(0, 2));
    }

    @Test
    void otherJsonValuesReadAsTheirTextAndMistakesNameTheLine() throws Exception {
        String text = "{\n \"dbms\": \"PostgreSQL \\\"15\\\"\",\n \"server\": {\"cpus\": 2, \"os\": {\"name\": \"Debian\"}},\n"
                + " \"flags\": [1, \"]\", 2], \"ok\": true, \"e\": \"\\u00e9\"\n}";
        assertEquals(Map.of("dbms", "PostgreSQL \"15\"", "server.cpus", "2", "server.os.name", "Debian",
                "flags", "[1, \"]\", 2]", "ok", "true", "e", "é"), EnvironmentFile.flatten(EnvironmentFile.read(text)));

        EnvironmentFile.FormatException e = assertThrows(EnvironmentFile.FormatException.class,
                () -> EnvironmentFile.read("{\n \"a\": \"1\"\n \"b\": \"2\"\n}"));
        assertEquals(3, e.line());
        assertEquals("expected ',' or '}'", e.problem());
        assertEquals(1, assertThrows(EnvironmentFile.FormatException.class, () -> EnvironmentFile.read("{} x")).line());
        assertEquals(2, assertThrows(EnvironmentFile.FormatException.class, () -> EnvironmentFile.read("{\n\"a\": ")).line());
        assertEquals(Map.of(), EnvironmentFile.read(" { } \n"));
    }

    @Test
    void onlyStringsAndObjectsAreWritten() {
        assertThrows(IllegalArgumentException.class, () -> EnvironmentFile.write(Map.of("cores", 2)));
    }
}
