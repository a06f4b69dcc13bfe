package org.dbstudy.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.server.Targets;
import picocli.CommandLine.Option;

/** The options that pick a study and change it: shared by generate and run. */
final class StudyOptions {
    @Option(names = "--study", required = true, paramLabel = "NAME|FILE",
            description = "A built-in study (see 'dbstudy studies') or a study file (YAML).")
    String study;

    @Option(names = "--set", paramLabel = "FACTOR=L1,L2",
            description = "Replace a factor's levels, e.g. --set users=5,10; or a setting: --set duration=S, --set rest=S,"
                    + " --set replicates=N (runs per cell; 1 for a quick trial).")
    List<String> sets = new ArrayList<>();

    @Option(names = "--duration", paramLabel = "SECONDS", description = "Replace the duration of every cell.")
    Long duration;

    @Option(names = "--rest", paramLabel = "SECONDS", description = "Replace the rest between cells (e.g. --rest 0 for a trial run).")
    Long rest;

    /** The study with the command line's changes applied, on the dialect of {@code db} when it is given (--db). */
    Study load(String db) throws StudyFileException {
        Study loaded = load();
        return db == null ? loaded : loaded.forDialect(Targets.kindOf(db));
    }

    /** The study with the command line's changes applied. */
    Study load() throws StudyFileException {
        Map<String, List<String>> levels = new LinkedHashMap<>();
        Long durationSet = duration;
        Long restSet = rest;
        Long replicates = null;
        for (String set : sets) {
            int eq = set.indexOf('=');
            if (eq <= 0 || eq == set.length() - 1) {
                throw new UserError("--set '" + set + "': write FACTOR=LEVEL1,LEVEL2 (e.g. --set users=5,10)");
            }
            String name = set.substring(0, eq).trim();
            String value = set.substring(eq + 1).trim();
            switch (name) {
                case "duration" -> durationSet = seconds(set, value);
                case "rest" -> restSet = seconds(set, value);
                case "replicates" -> replicates = whole(set, value, "runs of each cell (e.g. --set replicates=1)");
                default -> levels.put(name, Arrays.stream(value.split(",")).map(String::trim).toList());
            }
        }
        if (durationSet != null && durationSet <= 0) {
            throw new UserError("--duration " + durationSet + ": give a positive number of seconds");
        }
        if (restSet != null && restSet < 0) {
            throw new UserError("--rest " + restSet + ": give zero or more seconds");
        }
        Study loaded = Studies.load(study);
        // Every override is checked before any is refused: all their mistakes in one message.
        List<StudyFileException> problems = new ArrayList<>();
        Study changed = loaded;
        try {
            changed = loaded.withOverrides(levels, durationSet == null ? OptionalLong.empty() : OptionalLong.of(durationSet));
        } catch (StudyFileException e) {
            problems.add(e);
        }
        try {
            changed = restSet == null ? changed : changed.withRest(restSet);
            changed = replicates == null ? changed : changed.withReplicates((int) Math.max(0, Math.min(replicates, 1001)));
        } catch (StudyFileException e) {
            problems.add(e);
        }
        if (!problems.isEmpty()) {
            throw StudyFileException.all(problems);
        }
        return changed;
    }

    /** A setting given with --set: one whole number of seconds, not a list of levels. */
    private static long seconds(String set, String value) {
        return whole(set, value, "seconds (e.g. --set rest=0)");
    }

    private static long whole(String set, String value, String what) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new UserError("--set '" + set + "': " + set.substring(0, set.indexOf('=')).trim()
                    + " is a setting, not a factor: give one whole number of " + what);
        }
    }
}
