package org.dbstudy.cli.run;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.cli.failure.UserError;
import org.dbstudy.cli.server.Targets;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;

/**
 * A study and the changes asked of it ({@code --study}, {@code --set}, {@code --duration}, {@code --rest}),
 * as given: loaded and checked by {@link #load()}.
 *
 * @param study    a built-in study's name or a study file
 * @param sets     each {@code FACTOR=L1,L2} or {@code duration|rest|replicates=N}, in order
 * @param duration every cell's duration in seconds, or null
 * @param rest     the rest between cells in seconds, or null
 */
public record StudyRequest(String study, List<String> sets, Long duration, Long rest) {
    public StudyRequest {
        sets = List.copyOf(sets);
    }

    /** A study as it is declared, nothing changed. */
    public static StudyRequest of(String study) {
        return new StudyRequest(study, List.of(), null, null);
    }

    /** This request with {@code --set} {@code set} added after the others. */
    public StudyRequest set(String set) {
        List<String> more = new ArrayList<>(sets);
        more.add(set);
        return new StudyRequest(study, more, duration, rest);
    }

    public StudyRequest withDuration(Long seconds) {
        return new StudyRequest(study, sets, seconds, rest);
    }

    public StudyRequest withRest(Long seconds) {
        return new StudyRequest(study, sets, duration, seconds);
    }

    /** The words that ask for this on a command line, in the order {@code --study}, each {@code --set}, {@code --duration}, {@code --rest}. */
    public List<String> words() {
        List<String> words = new ArrayList<>(List.of("--study", study));
        sets.forEach(s -> words.addAll(List.of("--set", s)));
        if (duration != null) {
            words.addAll(List.of("--duration", duration.toString()));
        }
        if (rest != null) {
            words.addAll(List.of("--rest", rest.toString()));
        }
        return words;
    }

    /** The study with the command line's changes applied, on the dialect of {@code db} when it is given (--db). */
    public Study load(String db) throws StudyFileException {
        Study loaded = load();
        return db == null ? loaded : loaded.forDialect(Targets.kindOf(db));
    }

    /** The study with the command line's changes applied. */
    public Study load() throws StudyFileException {
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
