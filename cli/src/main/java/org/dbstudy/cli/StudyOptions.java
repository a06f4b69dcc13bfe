package org.dbstudy.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.Studies;
import org.dbstudy.generator.Study;
import org.dbstudy.generator.StudyFileException;
import picocli.CommandLine.Option;

/** The options that pick a study and change it: shared by generate and run. */
final class StudyOptions {
    @Option(names = "--study", required = true, paramLabel = "NAME|FILE",
            description = "A built-in study (see 'dbstudy studies') or a study file (YAML).")
    String study;

    @Option(names = "--set", paramLabel = "FACTOR=L1,L2", description = "Replace a factor's levels, e.g. --set users=5,10.")
    List<String> sets = new ArrayList<>();

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Replace the duration of every cell.")
    Long duration;

    /** The study with the command line's changes applied. */
    Study load() throws StudyFileException {
        Map<String, List<String>> levels = new LinkedHashMap<>();
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0 || eq == set.length() - 1) {
                throw new UserError("--set '" + set + "': write FACTOR=LEVEL1,LEVEL2 (e.g. --set users=5,10)");
            }
            levels.put(set.substring(0, eq).trim(), Arrays.stream(set.substring(eq + 1).split(",")).map(String::trim).toList());
        }
        if (duration != null && duration <= 0) {
            throw new UserError("--duration " + duration + ": give a positive number of seconds");
        }
        return Studies.load(study).withOverrides(levels, duration == null ? OptionalLong.empty() : OptionalLong.of(duration));
    }
}
