package org.dbstudy.analysis.reading;

import java.nio.file.Path;
import java.util.regex.Pattern;
import org.dbstudy.vocabulary.ManifestColumns;
import org.dbstudy.vocabulary.files.RunStatusFile;

/**
 * Names that tie result files to plans: {@code plans/read-users5.jmx}, {@code read-users5.jtl},
 * {@code read-users5.jtl.gz} and {@code read-users5.jtl.partial-2} all have the base name
 * {@code read-users5}.
 */
public final class ResultNames {
    private static final Pattern PARTIAL = Pattern.compile("\\.partial-\\d+$");
    private static final Pattern RESULT_EXTENSION = Pattern.compile("\\.(jtl|csv|xml)$");

    private ResultNames() {
    }

    public static String resultBase(Path file) {
        String name = file.getFileName().toString();
        name = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        name = PARTIAL.matcher(name).replaceFirst("");
        return RESULT_EXTENSION.matcher(name).replaceFirst("");
    }

    /** Whether a file found in a results directory is worth opening. */
    public static boolean looksLikeResult(Path file) {
        String name = file.getFileName().toString();
        if (name.equals(ManifestColumns.FILE_NAME) || name.equals(RunStatusFile.FILE_NAME)) {
            return false;
        }
        String plain = name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name;
        return plain.endsWith(".jtl") || plain.endsWith(".csv") || plain.endsWith(".xml")
                || PARTIAL.matcher(plain).find() && plain.contains(".jtl.partial-");
    }

    public static boolean isCsv(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".csv") || name.endsWith(".csv.gz");
    }
}
