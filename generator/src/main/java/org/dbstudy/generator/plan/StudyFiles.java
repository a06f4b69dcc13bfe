package org.dbstudy.generator.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.dbstudy.vocabulary.CellPrecision;
import org.dbstudy.generator.design.Arrival;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.CellDesign;
import org.dbstudy.generator.design.Design;
import org.dbstudy.generator.design.Factors;
import org.dbstudy.generator.design.FractionalFactorial;
import org.dbstudy.generator.design.FullFactorial;
import org.dbstudy.generator.design.OneFactorAtATime;
import org.dbstudy.generator.design.Target;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.workload.CustomWorkload;
import org.dbstudy.vocabulary.files.Csv;
import org.dbstudy.vocabulary.FractionalDesign;
import org.dbstudy.vocabulary.ManifestColumns;

/**
 * The text files written next to the plans: the manifest (one row per cell and replicate, one
 * column per factor), study.properties (for runners and reports; never a password) and study.yaml
 * (the effective study, loadable again).
 */
final class StudyFiles {
    private static final Pattern PLAIN_YAML = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private StudyFiles() {
    }

    /** The manifest's last column: how the cell's load arrives (not a factor; see {@link Arrival}). */

    static String manifest(Study study) {
        List<String> header = new ArrayList<>(ManifestColumns.FIXED);
        header.addAll(study.factorNames());
        header.add(ManifestColumns.ARRIVAL);
        boolean designed = !(study.cellDesign() instanceof FullFactorial);
        if (designed) {
            header.add(ManifestColumns.DESIGN);
        }
        boolean blocked = study.blocked();
        if (blocked) {
            header.add(ManifestColumns.BLOCK);
        }
        StringBuilder sb = new StringBuilder(Csv.join(header)).append('\n');
        for (Cell c : study.cells()) {
            List<String> row = new ArrayList<>(List.of(c.id(), Integer.toString(c.replicate()), c.planFile()));
            for (String f : study.factorNames()) {
                row.add(c.factors().get(f));
            }
            row.add(CellPlan.of(study, c).pacing().description());
            if (designed) {
                row.add(c.design());
            }
            if (blocked) {
                row.add(study.block(c));
            }
            sb.append(Csv.join(row)).append('\n');
        }
        return sb.toString();
    }

    /** Each sampler of a user's mix holds its own connection: the most samplers a user runs in any cell. */
    static int connectionsPerUser(Study study) {
        return study.cells().stream().mapToInt(c -> study.workload().transactions(CellPlan.values(study, c)).size())
                .max().orElse(1);
    }

    static String properties(Study study) {
        StringBuilder sb = new StringBuilder("# dbstudy study, written by the generator; no password is ever written here\n");
        property(sb, "study.name", study.name());
        property(sb, "study.description", study.description());
        property(sb, "study.template", study.template());
        property(sb, "study.cells", Integer.toString(study.cells().size()));
        property(sb, "study.replicates", Integer.toString(study.replicates()));
        property(sb, "study.duration", Long.toString(study.durationSeconds()));
        if (!study.precision().fixed()) {
            property(sb, "study.duration.min", Long.toString(study.precision().minSeconds()));
            property(sb, "study.precision", study.precision().targetsText());
        }
        property(sb, "study.rest", Long.toString(study.restSeconds()));
        property(sb, "study.warm_up", Long.toString(study.warmUpSeconds()));
        property(sb, "study.ramp_up", Long.toString(study.rampUpSeconds()));
        property(sb, "study.start", study.arrival().start().key());
        property(sb, "study.timer", study.arrival().timer().key());
        property(sb, "study.jitter", study.arrival().jitter().toPlainString());
        property(sb, "study.connect", study.connectTiming());
        property(sb, "study.prime", Integer.toString(study.prime()));
        property(sb, "study.order", study.order());
        property(sb, "study.seed", Long.toString(study.seed()));
        property(sb, "study.factors", String.join(",", study.factorNames()));
        study.factorLevels().forEach((f, levels) -> property(sb, ManifestColumns.DECLARED_LEVELS_KEY + f, Csv.join(levels)));
        property(sb, ManifestColumns.CONNECTIONS_PER_USER_KEY, Integer.toString(connectionsPerUser(study)));
        property(sb, "study.design", study.designType());
        if (study.cellDesign() instanceof FractionalFactorial f) {
            property(sb, "study.design.runs", Integer.toString(f.chosen().runs()));
            property(sb, "study.design.resolution", Integer.toString(f.chosen().resolution()));
            property(sb, "study.design.generators", String.join(" ", f.chosen().generators().stream()
                    .map(FractionalDesign.Generator::text).toList()));
        }
        study.serverSettings().forEach((k, v) -> property(sb, Factors.SERVER_PREFIX + k, v));
        for (Target t : study.targets()) {
            property(sb, "target." + t.name() + ".dialect", t.kind().id());
            property(sb, "target." + t.name() + ".url", t.url());
            property(sb, "target." + t.name() + ".user", t.user());
            if (t.monitor() != null) {
                property(sb, "target." + t.name() + ".monitor", t.monitor().toString());
            }
            if (t.restart() != null) {
                property(sb, "target." + t.name() + ".restart", t.restart());
            }
        }
        return sb.toString();
    }

    /** key=value; the value escaped as {@link #escaped} (java.util.Properties reads those escapes). */
    private static void property(StringBuilder sb, String key, String value) {
        sb.append(key).append('=').append(escaped(value)).append('\n');
    }

    /**
     * Backslash escapes that both java.util.Properties and YAML double-quoted strings read back:
     * {@code \\ \" \n \r \t}, and backslash-u for anything outside printable ASCII.
     */
    static String escaped(String value) {
        StringBuilder sb = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> sb.append("\\\\");
                case '"' -> sb.append("\\\"");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20 || ch > 0x7e) {
                        sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        return sb.toString();
    }

    static String yaml(Study study) {
        Design d = study.design();
        StringBuilder sb = new StringBuilder("# The effective study (after command-line overrides), as generated.\n");
        sb.append("name: ").append(d.name()).append('\n');
        sb.append("description: ").append(quoted(d.description())).append('\n');
        if (d.workload() instanceof CustomWorkload custom) {
            sb.append("workload:\n  custom:\n").append(custom.definition().yaml());
        } else {
            sb.append("workload:\n  template: ").append(d.workload().name()).append('\n');
        }
        Map<String, String> parameters = study.parameters();
        if (!parameters.isEmpty()) {
            sb.append("  parameters:\n");
            parameters.forEach((k, v) -> sb.append("    ").append(k).append(": ").append(scalar(v)).append('\n'));
        }
        sb.append("targets:\n");
        for (Target t : d.targets()) {
            sb.append("  - {name: ").append(scalar(t.name())).append(", dialect: ").append(t.kind().id())
                    .append(", url: ").append(quoted(t.url())).append(", user: ").append(quoted(t.user()))
                    .append(t.monitor() == null ? "" : ", monitor: " + quoted(t.monitor().toString()))
                    .append(t.restart() == null ? "" : ", restart: " + quoted(t.restart())).append("}\n");
        }
        sb.append("factors:\n");
        for (Design.Factor f : d.declaredFactors()) {
            sb.append("  ").append(f.name()).append(": ").append(list(f.levels())).append('\n');
        }
        Design.Settings s = d.settings();
        Arrival a = s.arrival();
        CellPrecision precision = s.precision();
        sb.append("settings: {duration: ").append(precision.fixed() ? Long.toString(s.duration())
                        : "{min: " + precision.minSeconds() + ", max: " + precision.maxSeconds() + "}")
                .append(precision.fixed() ? "" : ", precision: " + precision.targetsText()).append(", ramp_up: ").append(s.rampUp())
                .append(", warm_up: ").append(s.warmUp()).append(", rest: ").append(s.rest())
                .append(", connect: ").append(s.connect().word()).append(", prime: ").append(s.prime())
                .append(", start: ").append(a.start().key()).append(", timer: ").append(a.timer().key())
                .append(a.timer() == Arrival.Timer.CONSTANT ? "" : ", jitter: " + a.jitter().toPlainString())
                .append(s.coCorrection() ? ", co_correction: true" : "").append("}\n");
        if (!d.serverSettings().isEmpty()) {
            StringBuilder m = new StringBuilder();
            d.serverSettings().forEach((k, v) -> m.append(m.length() == 0 ? "" : ", ").append(k).append(": ")
                    .append(scalar(v)));
            sb.append("server_settings: {").append(m).append("}\n");
        }
        design(sb, study.cellDesign());
        sb.append("replicates: ").append(d.replicates()).append('\n');
        sb.append("order: ").append(d.order()).append('\n');
        sb.append("seed: ").append(d.seed()).append('\n');
        if (!d.excludes().isEmpty()) {
            sb.append("exclude:\n");
            for (Design.Exclusion x : d.excludes()) {
                StringBuilder m = new StringBuilder();
                x.levels().forEach((k, v) -> m.append(m.length() == 0 ? "" : ", ").append(k).append(": ")
                        .append(scalar(v)));
                sb.append("  - {").append(m).append("}\n");
            }
        }
        return sb.toString();
    }

    /** The design with its choices explicit; nothing for the full factorial (the default). */
    private static void design(StringBuilder sb, CellDesign design) {
        if (design instanceof OneFactorAtATime o) {
            sb.append("design:\n  type: ").append(o.type()).append("\n  baseline: ").append(settings(o.baseline()))
                    .append('\n');
            if (!o.combined().isEmpty()) {
                sb.append("  combined:\n");
                o.combined().forEach(n -> sb.append("    ").append(n.name()).append(": ").append(settings(n.levels()))
                        .append('\n'));
            }
        } else if (design instanceof FractionalFactorial f) {
            FractionalDesign chosen = f.chosen();
            sb.append("design: {type: ").append(f.type()).append(", generators: ")
                    .append(list(chosen.generators().stream().map(FractionalDesign.Generator::text).toList()))
                    .append("}  # ").append(chosen.text()).append(", resolution ")
                    .append(FractionalDesign.roman(chosen.resolution())).append('\n');
        }
    }

    private static String settings(List<OneFactorAtATime.Setting> settings) {
        StringBuilder m = new StringBuilder();
        settings.forEach(s -> m.append(m.length() == 0 ? "" : ", ").append(scalar(s.factor())).append(": ")
                .append(scalar(s.level())));
        return "{" + m + "}";
    }

    private static String list(List<String> levels) {
        return "[" + String.join(", ", levels.stream().map(StudyFiles::scalar).toList()) + "]";
    }

    private static String scalar(String value) {
        return PLAIN_YAML.matcher(value).matches() ? value : quoted(value);
    }

    private static String quoted(String value) {
        return '"' + escaped(value) + '"';
    }
}
