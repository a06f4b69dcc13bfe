package org.dbstudy.generator.plan;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.generator.study.Studies;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.workload.Workloads;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * The plans of {@code plan-templates/}: one per workload and dialect, rendered by the generator
 * from the template studies next to {@link Studies} ({@code templates/}), plus {@code dbstudy-templates.xml},
 * a JMeter template list naming them.
 * Regenerate with {@code java -cp … org.dbstudy.generator.plan.PlanTemplates plan-templates} or
 * {@code mvn verify -pl generator -Dregenerate=true}.
 */
public final class PlanTemplates {
    private PlanTemplates() {
    }

    /** File name → bytes of every file this class owns in plan-templates/ (README.md is written by hand). */
    public static Map<String, byte[]> render() throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n")
                .append("<!-- dbstudy plan templates: copy this directory's files into JMeter's bin/templates and add")
                .append(" /bin/templates/dbstudy-templates.xml to the template.files property to find them under")
                .append(" File > Templates. -->\n")
                .append("<!DOCTYPE templates SYSTEM \"templates.dtd\">\n<templates>\n");
        for (String workload : Workloads.names()) {
            String resource = "templates/" + workload + ".yaml";
            Study base;
            try {
                base = Studies.parse(resource, Studies.readResource(resource));
            } catch (StudyFileException e) {
                throw new IllegalStateException("template study is broken: " + e.getMessage(), e);
            }
            for (DatabaseKind kind : DatabaseKind.values()) {
                String dialect = kind.id();
                Study study = forDialect(base, kind);
                List<Cell> cells = study.cells();
                String fileName = "dbstudy-" + workload + "-" + dialect + ".jmx";
                files.put(fileName, PlanGenerator.render(study, cells.get(0)));
                xml.append("    <template isTestPlan=\"true\">\n")
                        .append("        <name>dbstudy ").append(workload).append(" on ").append(dialect).append("</name>\n")
                        .append("        <fileName>").append(fileName).append("</fileName>\n")
                        .append("        <description><![CDATA[<p>").append(study.description()).append("</p><p>Cell ")
                        .append(cells.get(0).id()).append(". Needs the dbstudy JMeter plugin in lib/ext and the ")
                        .append(dialect).append(" JDBC driver in lib. Pass the connection with -Jdb.url, -Jdb.user,")
                        .append(" -Jdb.password.</p>]]></description>\n")
                        .append("    </template>\n");
            }
        }
        xml.append("</templates>\n");
        files.put("dbstudy-templates.xml", xml.toString().getBytes(StandardCharsets.UTF_8));
        return files;
    }

    private static Study forDialect(Study base, DatabaseKind kind) {
        try {
            return base.forDialect(kind);
        } catch (StudyFileException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args.length > 0 ? args[0] : "plan-templates");
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> f : render().entrySet()) {
            Files.write(dir.resolve(f.getKey()), f.getValue());
        }
        System.out.println("wrote plan templates to " + dir);
    }
}
