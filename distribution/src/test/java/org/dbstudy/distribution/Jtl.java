package org.dbstudy.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The samples of a CSV JTL with JMeter's default columns: label and success of each row. */
record Jtl(long succeeded, long failed, List<String> failures) {

    /** Rows whose label is {@code label} (setUp rows and sub-results have other labels). */
    static Jtl read(Path file, String label) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<String> header = fields(lines.get(0));
        int labelAt = header.indexOf("label");
        int successAt = header.indexOf("success");
        int messageAt = header.indexOf("responseMessage");
        long ok = 0;
        long bad = 0;
        List<String> failures = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            List<String> f = fields(line);
            if (!f.get(labelAt).equals(label)) {
                continue;
            }
            if (f.get(successAt).equals("true")) {
                ok++;
            } else {
                bad++;
                if (failures.size() < 5) {
                    failures.add(f.get(messageAt));
                }
            }
        }
        return new Jtl(ok, bad, failures);
    }

    /** One CSV line, quoted fields allowed (JMeter quotes fields with commas or quotes). */
    private static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        out.add(field.toString());
        return out;
    }
}
