package org.dbstudy.generator.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DeterminismAndSecretsTest {
    private static final Pattern PASSWORD = Pattern.compile("(?i)password[^\\n]*");

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"smoke", "lock-contention", "isolation-levels"})
    void renderingTwiceGivesByteIdenticalFiles(String name) throws Exception {
        PlanGenerator.write(Studies.load(name), dir.resolve("a"));
        PlanGenerator.write(Studies.load(name), dir.resolve("b"));
        List<Path> files = files(dir.resolve("a"));
        assertEquals(files.size(), files(dir.resolve("b")).size());
        assertTrue(files.size() > 3);
        for (Path a : files) {
            Path b = dir.resolve("b").resolve(dir.resolve("a").relativize(a));
            assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), a.toString());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"smoke", "lock-contention", "tpcb-contention"})
    void noFileHoldsAPasswordOtherThanTheRunTimeProperty(String name) throws Exception {
        PlanGenerator.write(Studies.load(name), dir);
        int checked = 0;
        for (Path file : files(dir)) {
            Matcher m = PASSWORD.matcher(Files.readString(file, StandardCharsets.UTF_8));
            while (m.find()) {
                String line = m.group();
                boolean allowed = line.equals("password\">${__P(db.password,)}</stringProp>")
                        || line.equals("passwordEnv\"></stringProp>")
                        || line.startsWith("password is ever written here")
                        || line.equals("password override the target&apos;s URL and user.</stringProp>");
                assertTrue(allowed, file + ": " + line);
                checked++;
            }
        }
        assertTrue(checked > 0, "the plans were searched for password properties");
    }

    @ParameterizedTest
    @ValueSource(strings = {"smoke", "lock-contention"})
    void theWrittenStudyYamlLoadsBackToTheSameCells(String name) throws Exception {
        Study study = Studies.load(name);
        PlanGenerator.write(study, dir);
        Study again = Studies.load(dir.resolve("study.yaml").toString());
        assertEquals(study.cells(), again.cells());
        assertFalse(Files.readString(dir.resolve("study.yaml")).toLowerCase().contains("password"));
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
