package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.cli.jmeter.JMeterHome;
import org.dbstudy.cli.server.ConnectionSettings;
import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.files.EnvironmentFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** environment.json: the same bytes Jackson's pretty printer wrote before, same keys and shape, plus which build wrote it. */
class EnvironmentJsonWriteTest {

    @Test
    void theBytesAreWhatJacksonsPrettyPrinterWrote(@TempDir Path dir) throws Exception {
        Map<String, Object> settings = new LinkedHashMap<>();
        settings.put("synchronous_commit", "on");
        settings.put("odd \"name\"", "back\\slash /slash \b\f\r\n\t \u0000\u001f\u007f é ✓ \uD83D\uDE00");
        Map<String, Object> database = new LinkedHashMap<>();
        database.put("user", null);
        database.put("settings", settings);
        database.put("empty", new LinkedHashMap<String, Object>());
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("run", Map.of("study", "smoke"));
        env.put("database", database);
        env.put("server_settings_per_cell", new LinkedHashMap<String, Object>());
        Path file = dir.resolve("environment.json");
        EnvironmentCapture.write(file, env);

        String jackson = new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(env) + "\n";
        assertEquals(jackson, Files.readString(file, StandardCharsets.UTF_8));
        assertEquals(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(Map.of()) + "\n",
                EnvironmentFile.write(Map.of()));
    }

    @Test
    void valuesThatNeedEscapingSurviveARoundTripInOrder(@TempDir Path dir) throws Exception {
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("quote", "say \"hi\"\\ now");
        inner.put("lines", "a\nb\tc\u0001");
        inner.put("unicode", "Zürich ✓");
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("z-first", "1");
        env.put("inner", inner);
        Path file = dir.resolve("environment.json");
        EnvironmentCapture.write(file, env);

        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(text.endsWith("}\n"), text);
        JsonNode back = new ObjectMapper().readTree(text);
        assertEquals(List.of("z-first", "inner"), iterable(back.fieldNames()));
        assertEquals("say \"hi\"\\ now", back.path("inner").path("quote").asText());
        assertEquals("a\nb\tc\u0001", back.path("inner").path("lines").asText());
        assertEquals("Zürich ✓", back.path("inner").path("unicode").asText());
    }

    @Test
    void aCaptureSaysWhichDbstudyBuildAndPluginProducedIt(@TempDir Path dir) throws Exception {
        // No server at this port: the database part records the error, the rest is still captured.
        ConnectionSettings nowhere = new ConnectionSettings(DatabaseKind.POSTGRESQL, "jdbc:postgresql://127.0.0.1:1/none", "nobody", "");
        Map<String, Object> env = EnvironmentCapture.capture(nowhere, "smoke", "postgresql", List.of(), JMeterHome.locate());
        Path file = dir.resolve("environment.json");
        EnvironmentCapture.write(file, env);

        JsonNode dbstudy = new ObjectMapper().readTree(file.toFile()).path("dbstudy");
        BuildInfo build = BuildInfo.current();
        assertEquals(build.version(), dbstudy.path("version").asText());
        assertTrue(dbstudy.path("commit").asText().matches("[0-9a-f]{40}|unknown"), dbstudy.toString());
        assertTrue(dbstudy.path("uncommitted_changes").asText().matches("true|false|unknown"), dbstudy.toString());
        assertTrue(dbstudy.path("plugin").asText().contains("dbstudy-jmeter-plugin"), dbstudy.toString());
        // The keys analysis reads are where they were.
        JsonNode all = new ObjectMapper().readTree(file.toFile());
        assertEquals("smoke", all.path("run").path("study").asText());
        assertTrue(all.path("database").has("error"), all.toString());
        assertTrue(all.path("client").has("jmeter"), all.toString());
    }

    private static List<String> iterable(java.util.Iterator<String> it) {
        List<String> out = new java.util.ArrayList<>();
        it.forEachRemaining(out::add);
        return out;
    }
}
