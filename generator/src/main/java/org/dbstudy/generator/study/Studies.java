package org.dbstudy.generator.study;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.dbstudy.generator.design.StudyFileException;

/** The built-in studies (YAML resources next to this class) and study files. */
public final class Studies {
    /** Built-in study names, in the order they are listed. */
    static final List<String> BUILT_IN = List.of("smoke", "crud-factorial", "crud-stress", "lock-contention",
            "tpcb-contention", "isolation-levels", "tpcc", "pg-tuning", "transfer");

    private Studies() {
    }

    public static List<BuiltInStudy> builtIns() {
        List<BuiltInStudy> out = new ArrayList<>();
        for (String name : BUILT_IN) {
            try {
                Study s = load(name);
                out.add(new BuiltInStudy(s.name(), s.description(), s.distinctCells(), s.replicates(), s.cells().size(), s));
            } catch (StudyFileException e) {
                throw new IllegalStateException("built-in study " + name + " is broken: " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** The largest study file read (1 MB). */
    static final long MAX_FILE_BYTES = 1 << 20;

    /** A built-in study by name, else a study file by path. */
    public static Study load(String nameOrPath) throws StudyFileException {
        if (BUILT_IN.contains(nameOrPath)) {
            String resource = "studies/" + nameOrPath + ".yaml";
            Study study = parse(resource, readResource(resource));
            String reference = "studies/" + nameOrPath + ReferenceFile.SUFFIX;
            return Studies.class.getResource(reference) == null ? study
                    : ReferenceFile.parse(reference, readResource(reference), study);
        }
        Path path = Path.of(nameOrPath);
        if (!Files.isRegularFile(path)) {
            throw new StudyFileException(nameOrPath, 0, "(file)", "no such built-in study or study file",
                    "a built-in name (" + String.join(", ", BUILT_IN) + ") or the path of a YAML study file");
        }
        try {
            long size = Files.size(path);
            if (size > MAX_FILE_BYTES) {
                // Read whole, a 1 GB file ran the JVM out of memory; a real study is a few kB.
                throw new StudyFileException(nameOrPath, 0, "(file)", String.format(java.util.Locale.ROOT,
                        "%,d bytes, over the %,d bytes a study file may have", size, MAX_FILE_BYTES),
                        "a YAML study file (a study is a few kB; see docs/study-file.md)");
            }
            return parse(nameOrPath, Files.readString(path, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new StudyFileException(nameOrPath, 0, "(file)", "cannot read: " + e.getMessage(),
                    "a readable UTF-8 YAML file");
        }
    }

    /** A study from YAML text; {@code source} names it in error messages. */
    public static Study parse(String source, String yaml) throws StudyFileException {
        return new Study(StudyParser.parse(source, yaml));
    }

    public static String readResource(String resource) {
        try (InputStream in = Studies.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource + " next to " + Studies.class);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read resource " + resource, e);
        }
    }
}
