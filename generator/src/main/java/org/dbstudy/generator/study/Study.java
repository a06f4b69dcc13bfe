package org.dbstudy.generator.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.dbstudy.generator.design.Arrival;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.CellDesign;
import org.dbstudy.generator.design.CellExpander;
import org.dbstudy.generator.design.Design;
import org.dbstudy.generator.design.Factors;
import org.dbstudy.generator.design.ServerOrder;
import org.dbstudy.generator.design.ServerSettings;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.generator.design.Target;
import org.dbstudy.generator.sql.SqlDialect;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.generator.workload.CustomWorkload;
import org.dbstudy.generator.workload.Parameter;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.vocabulary.Claim;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A checked, immutable study: factors and levels, workload, targets and settings, with its cells
 * already expanded (so a study that exists has valid, uniquely named cells). Overrides give a new
 * study.
 */
public final class Study {
    static final String COMMAND_LINE = "command line";

    private final Design design;
    private final List<Cell> cells;
    private final CellDesign cellDesign;

    Study(Design design) throws StudyFileException {
        this.design = design;
        CellExpander.Expanded expanded = CellExpander.expand(design);
        // Around the design's expansion: configuration blocks interleaved by replicate, restarts few.
        this.cells = ServerOrder.group(expanded.cells(), this::block,
                c -> List.of(c.target().name(), serverConfiguration(c)));
        this.cellDesign = expanded.design();
    }

    public String name() {
        return design.name();
    }

    public String description() {
        return design.description();
    }

    /** The workload template's name: crud, school or tpcb. */
    public String template() {
        return design.workload().name();
    }

    /**
     * A study with some factors' levels replaced (a factor not in the study is added at the end,
     * if known) and the duration replaced, as from {@code --set factor=l1,l2} and {@code --duration S}.
     */
    public Study withOverrides(Map<String, List<String>> setLevels, OptionalLong durationSeconds)
            throws StudyFileException {
        List<Design.Factor> factors = new ArrayList<>(design.declaredFactors());
        // Every --set is checked before any is refused: all their mistakes in one message.
        List<StudyFileException> problems = new ArrayList<>();
        for (Map.Entry<String, List<String>> e : setLevels.entrySet()) {
            String name = e.getKey();
            List<String> levels = e.getValue().stream().map(l -> Factors.canonicalLevel(name, l)).toList();
            String problem = StudyParser.levelsProblem(name, levels, design.workload(), design.targets());
            if (problem != null) {
                problems.add(new StudyFileException(COMMAND_LINE, 0, "--set " + name, problem,
                        StudyParser.validLevels(name, design.workload(), design.targets())));
                continue;
            }
            int at = indexOf(factors, name);
            Design.Factor replaced = new Design.Factor(at < 0 ? name : factors.get(at).name(), levels,
                    at < 0 ? 0 : factors.get(at).line());
            if (at < 0) {
                factors.add(replaced);
            } else {
                factors.set(at, replaced);
            }
        }
        Design d = design.withFactors(factors);
        if (durationSeconds.isPresent()) {
            long s = durationSeconds.getAsLong();
            if (s < 1 || s <= d.settings().warmUp()) {
                problems.add(new StudyFileException(COMMAND_LINE, 0, "--duration", s + " s is too short",
                        "whole seconds > warm_up (" + d.settings().warmUp() + ") and >= 1"));
            } else {
                d = d.withSettings(d.settings().withDuration(s));
            }
        }
        if (!problems.isEmpty()) {
            throw StudyFileException.all(problems);
        }
        return new Study(d);
    }

    /** A study with the rest between cells replaced, as from {@code --rest S} or {@code --set rest=S}. */
    public Study withRest(long restSeconds) throws StudyFileException {
        if (restSeconds < 0 || restSeconds > 86_400) {
            throw new StudyFileException(COMMAND_LINE, 0, "rest", restSeconds + " s is out of range", "0 to 86400 whole seconds");
        }
        return new Study(design.withSettings(design.settings().withRest(restSeconds)));
    }

    /** A study whose cells run this many times each, as from {@code --set replicates=N}. */
    public Study withReplicates(int replicates) throws StudyFileException {
        if (replicates < 1 || replicates > 1000) {
            throw new StudyFileException(COMMAND_LINE, 0, "--set replicates", replicates + " is out of range",
                    "a whole number from 1 to 1000 (1: one run per cell)");
        }
        return new Study(design.withReplicates(replicates));
    }

    private static int indexOf(List<Design.Factor> factors, String name) {
        for (int i = 0; i < factors.size(); i++) {
            if (Factors.canonical(factors.get(i).name()).equals(Factors.canonical(name))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The study on one dialect only: the targets of that dialect, or else the first target moved to
     * that dialect with its default URL and user (so {@code -Ddb=mariadb} runs any study on MariaDB).
     */
    public Study forDialect(DatabaseKind kind) throws StudyFileException {
        if (design.workload() instanceof CustomWorkload custom) {
            List<StudyFileException> missing = CustomWorkloadParser.missingOn(custom, kind, "--db " + kind.id(), design.source());
            if (!missing.isEmpty()) {
                throw StudyFileException.all(missing);
            }
        }
        SqlDialect sql = SqlDialects.of(kind);
        List<Target> kept = design.targets().stream().filter(t -> t.kind() == kind).toList();
        if (kept.isEmpty()) {
            Target first = design.targets().get(0);
            kept = List.of(new Target(first.name(), kind, sql.defaultUrl(), sql.defaultUser()));
        }
        List<String> names = kept.stream().map(Target::name).toList();
        List<Design.Factor> factors = new ArrayList<>();
        for (Design.Factor f : design.declaredFactors()) {
            if (!f.name().equals(Factors.TARGET)) {
                factors.add(f);
                continue;
            }
            List<String> levels = f.levels().stream().filter(names::contains).toList();
            factors.add(new Design.Factor(f.name(), levels.isEmpty() ? names : levels, f.line()));
        }
        return new Study(design.withTargets(kept).withFactors(factors));
    }

    /**
     * The study with every target reaching its database at this URL as this user: the defaults the
     * plans carry in {@code ${__P(db.url,…)}} and {@code ${__P(db.user,…)}} (for a server started for
     * the run, whose port is known only then). Never a password.
     */
    public Study withConnection(String url, String user) throws StudyFileException {
        List<Target> moved = design.targets().stream()
                .map(t -> new Target(t.name(), t.kind(), url, user, t.monitor(), t.restart())).toList();
        return new Study(design.withTargets(moved));
    }

    /** The cells in run order, replicates included. */
    public List<Cell> cells() {
        return cells;
    }

    /** The study's claims: its paper's findings (built-in studies) and its own expectations. */
    public List<Claim> claims() {
        return design.claims();
    }

    /** The paper's setup and what compares how, when the claims include a paper's findings. */
    public java.util.Optional<String> reference() {
        return design.claims().stream().anyMatch(c -> c.origin() == Claim.Origin.PAPER) ? ReferenceFile.text(name())
                : java.util.Optional.empty();
    }

    /** The two server versions its paper compared, which {@code reproduce} runs as an analogue; empty for most studies. */
    public java.util.Optional<ServerVersions> serverVersions() {
        return ReferenceFile.versions(name());
    }

    /** The study with these claims added after its own. */
    Study withClaims(List<Claim> more) throws StudyFileException {
        List<Claim> all = new ArrayList<>(design.claims());
        all.addAll(more);
        return new Study(design.withClaims(all));
    }

    public List<Target> targets() {
        return design.targets();
    }

    /** The factor names in cell order (an implicit {@code target} first when there are several targets). */
    public List<String> factorNames() {
        return design.factors().stream().map(Design.Factor::name).toList();
    }

    /** The levels of every factor, in order. */
    public Map<String, List<String>> factorLevels() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        design.factors().forEach(f -> out.put(f.name(), f.levels()));
        return out;
    }

    /** Template parameters with defaults filled in (factors may override them per cell). */
    public Map<String, String> parameters() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Parameter p : design.workload().parameters()) {
            out.put(p.name(), design.parameters().getOrDefault(p.name(), p.defaultValue()));
        }
        return out;
    }

    /** Each cell's window: its fixed length, or the maximum of cells that end on precision. */
    public long durationSeconds() {
        return design.settings().duration();
    }

    /** Fixed-length cells, or cells that end on precision ({@code settings.duration: {min, max}} and {@code settings.precision}). */
    public org.dbstudy.vocabulary.CellPrecision precision() {
        return design.settings().precision();
    }

    public long restSeconds() {
        return design.settings().rest();
    }

    public long warmUpSeconds() {
        return design.settings().warmUp();
    }

    /** Whether the analysis also corrects response times for coordinated omission ({@code settings.co_correction}). */
    public boolean coCorrection() {
        return design.settings().coCorrection();
    }

    /** The sampler's connection scope for this study's users ({@code settings.connect}). */
    public org.dbstudy.jmeter.ConnectionScope connectionScope() {
        return design.settings().connect().scope();
    }

    /** Rolled-back, unmeasured runs of the users' statements on each new connection ({@code settings.prime}). */
    public int prime() {
        return design.settings().prime();
    }

    /** {@code settings.connect} as written in the study file, e.g. {@code before_first_sample}. */
    public String connectTiming() {
        return design.settings().connect().word();
    }

    public long rampUpSeconds() {
        return design.settings().rampUp();
    }

    /** When users start and the timer between their requests (settings start, timer, jitter). */
    public Arrival arrival() {
        return design.settings().arrival();
    }

    /** The server settings the study fixes ({@code server_settings:}), in declared order. */
    public Map<String, String> serverSettings() {
        return design.serverSettings();
    }

    /** The study's server settings that a server of this kind has. */
    public Map<String, String> serverSettings(DatabaseKind dialect) {
        return ServerSettings.forDialect(design.serverSettings(), dialect);
    }

    /**
     * The server configuration a cell runs with on its target: the fixed {@code server_settings} that
     * target's kind has, then the cell's {@code server.<setting>} levels it has, by setting name.
     */
    public Map<String, String> serverConfiguration(Cell cell) {
        DatabaseKind kind = cell.target().kind();
        Map<String, String> out = new LinkedHashMap<>(serverSettings(kind));
        cell.factors().forEach((factor, level) -> {
            String setting = Factors.serverSetting(factor);
            if (setting != null && ServerSettings.byName(setting).dialects().contains(kind)) {
                out.put(setting, level);
            }
        });
        return out;
    }

    /** The settings this study varies as {@code server.<setting>} factors, in declared order. */
    public List<String> variedServerSettings() {
        return design.factors().stream().map(f -> Factors.serverSetting(f.name()))
                .filter(java.util.Objects::nonNull).toList();
    }

    /**
     * A cell's configuration block: its target (when the study has several) and the server settings
     * that need a restart, as {@code target setting=value;…}; cells of one block run without a restart.
     */
    public String block(Cell cell) {
        List<String> settings = new ArrayList<>();
        restartPart(cell).forEach((name, value) -> settings.add(name + "=" + value));
        String target = design.targets().size() > 1 ? cell.target().name() : "";
        return (target + " " + String.join(";", settings)).strip();
    }

    /** Whether the cells fall into two or more configuration blocks (targets, restarts). */
    public boolean blocked() {
        return cells.stream().map(this::block).distinct().count() > 1;
    }

    /**
     * How the configuration blocks run: how many blocks in time, how many restarts between them, and
     * which configurations could not be interleaved with the others (each ran as one block); empty
     * when the study has one block.
     */
    public java.util.Optional<String> blockOrder() {
        if (!blocked()) {
            return java.util.Optional.empty();
        }
        List<List<Cell>> blocks = ServerOrder.blocks(cells, this::block);
        int restarts = 0;
        for (int i = 1; i < cells.size(); i++) {
            restarts += restartPart(cells.get(i)).equals(restartPart(cells.get(i - 1))) ? 0 : 1;
        }
        List<String> order = cells.stream().map(this::block).toList();
        List<String> apart = org.dbstudy.vocabulary.ManifestColumns.blocksApart(order).stream().map(k -> k.isEmpty() ? "(no restart setting)" : k).toList();
        String text = String.format(java.util.Locale.ROOT, "%d configurations in %d blocks, %d restart(s) between them",
                order.stream().distinct().count(), blocks.size(), restarts);
        if (!apart.isEmpty()) {
            text += "; not interleaved, each ran apart from the others" + (replicates() < 2 ? " (one replicate)" : "")
                    + ": " + String.join(", ", apart) + ": a comparison with them is also one between stretches of time";
        }
        return java.util.Optional.of(text);
    }

    private Map<String, String> restartPart(Cell cell) {
        Map<String, String> out = new LinkedHashMap<>();
        serverConfiguration(cell).forEach((name, value) -> {
            if (ServerSettings.byName(name).needsRestart(cell.target().kind())) {
                out.put(name, value);
            }
        });
        return out;
    }

    /** The design's type: full-factorial, one-factor-at-a-time or fractional-factorial. */
    public String designType() {
        return cellDesign.type();
    }

    /** The design with everything it chose made explicit (a fractional design's generators). */
    public CellDesign cellDesign() {
        return cellDesign;
    }

    public int replicates() {
        return design.replicates();
    }

    public String order() {
        return design.order();
    }

    public long seed() {
        return design.seed();
    }

    /** The distinct cells, each run {@link #replicates()} times: {@link #cells()} holds every run. */
    public int distinctCells() {
        return (int) cells.stream().map(Cell::id).distinct().count();
    }

    public Design design() {
        return design;
    }

    public Workload workload() {
        return design.workload();
    }
}
