package org.dbstudy.analysis.cells;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.dbstudy.vocabulary.files.RunStatusFile;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.analysis.reading.SampleSet;

/**
 * Pools runs into cells, labels and agents. Only top-level samples of the workload count for a cell
 * and an agent; sub-results and setUp samples are kept per label. With a manifest a run's labels together make one replicate of
 * its cell; without one, every top-level label is a cell. Each result file is one run of its cell:
 * its {@link RunValues} (from the analysed samples, see {@link SampleSet}) are kept per cell for
 * intervals.
 */
public final class Pooling {
    private final SampleSet set;
    private final Map<String, Accumulator> cells = new LinkedHashMap<>();
    private final Map<String, List<RunValues>> runValues = new LinkedHashMap<>();
    private final Map<String, Accumulator> labels = new LinkedHashMap<>();
    private final Map<String, Boolean> subResult = new LinkedHashMap<>();
    private final Map<String, Tally> agents = new LinkedHashMap<>();
    /** Per manifest cell, its top-level workload labels (transaction types, queries), replicates pooled. */
    private final Map<String, Map<String, Accumulator>> cellLabels = new LinkedHashMap<>();
    /** A manifest cell's sub-result labels (a statement of a transaction), kept apart from its statistics. */
    private final Map<String, Map<String, Accumulator>> cellSubResults = new LinkedHashMap<>();
    private final Map<String, List<RunNotes>> notes = new LinkedHashMap<>();
    /** Without a manifest, every workload label of every run together: JMeter's TOTAL row. */
    private final Accumulator total = Accumulator.countsOnly();
    /**
     * Runs ({@code run-status.csv}'s keys) that failed or did not finish: pooled for the report,
     * which shows them with their status, but never for a claim ({@link #claimCells}).
     */
    private final Set<String> notCounted;
    /** Cells with such a run: only their counted runs again, pooled apart for the claims. */
    private final Set<String> partlyCounted = new HashSet<>();
    private final Pooling counted;
    private int runs;
    private long warmupExcluded;

    public Pooling(SampleSet set) {
        this(set, List.of());
    }

    /** @param notCounted the run-status rows of runs that failed or did not finish */
    public Pooling(SampleSet set, List<RunStatusFile.Row> notCounted) {
        this.set = set;
        this.notCounted = new HashSet<>();
        for (RunStatusFile.Row r : notCounted) {
            this.notCounted.add(r.key());
            partlyCounted.add(r.cell());
        }
        this.counted = partlyCounted.isEmpty() ? null : new Pooling(set);
    }

    /** @param cell the manifest cell of this run, or null to make each label a cell */
    public void addRun(String cell, RunCollector run) {
        addRun(cell, "", run);
    }

    /**
     * @param cell      the manifest cell of this run, or null to make each label a cell
     * @param replicateNumber the run's replicate as the manifest writes it
     */
    public void addRun(String cell, String replicateNumber, RunCollector run) {
        run.end();
        if (cell != null && partlyCounted.contains(cell) && !notCounted.contains(RunStatusFile.key(cell, replicateNumber))) {
            counted.addRun(cell, replicateNumber, run);
        }
        runs++;
        warmupExcluded += run.warmupExcluded();
        Set<String> subs = run.subResults();
        Accumulator replicate = new Accumulator();
        TimeBatches replicateBatches = new TimeBatches();
        // A run's labels together: the time from its first start to its last end, as JMeter's TOTAL takes it.
        Accumulator runTotal = Accumulator.countsOnly();
        Map<String, SampleStats> runLabels = new LinkedHashMap<>();
        for (Map.Entry<String, RunCollector.LabelRun> e : run.labels().entrySet()) {
            String label = e.getKey();
            Accumulator acc = e.getValue().accumulator;
            run.runStart().ifPresent(acc::startsAt);
            labels.computeIfAbsent(label, k -> Accumulator.countsOnly()).pool(acc);
            boolean sub = subs.contains(label);
            subResult.merge(label, sub, Boolean::logicalOr);
            if (sub && cell != null && !SampleLabels.isNotWorkload(label)) {
                cellSubResults.computeIfAbsent(cell, k -> new LinkedHashMap<>()).computeIfAbsent(label, k -> new Accumulator())
                        .pool(acc);
            }
            if (sub || SampleLabels.isNotWorkload(label)) {
                continue;
            }
            e.getValue().agents.forEach((agent, t) -> agents.computeIfAbsent(agent, k -> new Tally()).add(t.samples, t.errors));
            if (cell == null) {
                cells.computeIfAbsent(label, k -> new Accumulator()).pool(acc);
                runTotal.mergeSameRun(acc);
                addRunValues(label, acc, e.getValue().batches, Map.of());
            } else {
                cellLabels.computeIfAbsent(cell, k -> new LinkedHashMap<>()).computeIfAbsent(label, k -> new Accumulator())
                        .pool(acc);
                replicate.mergeSameRun(acc);
                runLabels.put(label, SampleStats.of(acc));
                replicateBatches.addAll(e.getValue().batches);
            }
        }
        if (cell == null && runTotal.samples() > 0) {
            total.pool(runTotal);
        }
        if (cell != null) {
            run.runStart().ifPresent(replicate::startsAt);
            cells.computeIfAbsent(cell, k -> new Accumulator()).pool(replicate);
            notes.computeIfAbsent(cell, k -> new ArrayList<>()).add(run.notes());
            addRunValues(cell, replicate, replicateBatches, runLabels);
        }
    }

    /** A run's values for intervals, with its own numbers whole, analysed and per label (a claim's per-run values). */
    private void addRunValues(String cell, Accumulator run, TimeBatches batches, Map<String, SampleStats> runLabels) {
        ValueCounts analysed = run.times(set);
        if (analysed.count() > 0) {
            Distinct d = analysed.distinct();
            SampleStats whole = SampleStats.of(run);
            SampleStats analysedStats = set == SampleSet.ALL ? whole : SampleStats.ofSuccesses(run, d);
            runValues.computeIfAbsent(cell, k -> new ArrayList<>()).add(batches.values(d).with(whole, analysedStats,
                    runLabels));
        }
    }

    /** The runs of a cell that have analysed samples, in reading order. */
    public List<RunValues> runValues(String cell) {
        return runValues.getOrDefault(cell, List.of());
    }

    public Map<String, Accumulator> cells() {
        return cells;
    }

    /** A manifest cell's top-level workload labels in the order first seen; empty without a manifest. */
    public Map<String, Accumulator> labelsOf(String cell) {
        return cellLabels.getOrDefault(cell, Map.of());
    }

    /** A manifest cell's sub-result labels in the order first seen (label claims read them); empty without. */
    public Map<String, Accumulator> subResultsOf(String cell) {
        return cellSubResults.getOrDefault(cell, Map.of());
    }

    /** A manifest cell's runs' setUp and tearDown facts, in reading order. */
    public List<RunNotes> notesOf(String cell) {
        return notes.getOrDefault(cell, List.of());
    }

    public Map<String, Accumulator> labels() {
        return labels;
    }

    public boolean isSubResult(String label) {
        return subResult.getOrDefault(label, false);
    }

    public Map<String, Tally> agents() {
        return agents;
    }

    /** Result files pooled. */
    public int runs() {
        return runs;
    }

    public long warmupExcluded() {
        return warmupExcluded;
    }

    /**
     * The cells in manifest order, including manifest cells without samples (each a warning); without a
     * manifest (null), one per label.
     */
    public List<CellResult> cellResults(Manifest manifest, List<String> warnings) {
        List<CellResult> out = new ArrayList<>();
        if (manifest == null) {
            cells.forEach((label, acc) -> out.add(CellResult.of(label, List.of(), acc, set, runValues(label))));
            return out;
        }
        for (String cell : manifest.cells()) {
            Accumulator acc = cells.getOrDefault(cell, new Accumulator());
            if (acc.samples() == 0) {
                warnings.add("cell " + cell + ": no samples (no result file, or all excluded as warm-up)");
            }
            out.add(CellResult.of(cell, manifest.levels(cell), acc, set, runValues(cell), labelsOf(cell), notesOf(cell))
                    .withSubResults(subResultsOf(cell)));
        }
        return out;
    }

    /**
     * The cells as claims see them: a cell with a run that failed or did not finish is pooled from its other
     * runs only (no samples when it has none); the others as {@code all} has them.
     */
    public List<CellResult> claimCells(Manifest manifest, List<CellResult> all) {
        if (counted == null || manifest == null) {
            return all;
        }
        List<CellResult> out = new ArrayList<>();
        for (CellResult c : all) {
            out.add(!partlyCounted.contains(c.name()) ? c : CellResult.of(c.name(), c.levels(),
                    counted.cells.getOrDefault(c.name(), new Accumulator()), set, counted.runValues(c.name()),
                    counted.labelsOf(c.name()), counted.notesOf(c.name())).withSubResults(counted.subResultsOf(c.name())));
        }
        return out;
    }

    /**
     * Without a manifest, JMeter's TOTAL over the labels that are the cells (all their samples; the time of each
     * result file from its first start to its last end, summed over files); empty with a manifest or no samples.
     */
    public Optional<Accumulator> total() {
        return total.samples() == 0 ? Optional.empty() : Optional.of(total);
    }

    /** Each label's statistics over all cells, in the order first seen. */
    public List<LabelResult> labelResults() {
        List<LabelResult> out = new ArrayList<>();
        labels.forEach((label, acc) -> out.add(LabelResult.of(label, isSubResult(label), acc)));
        return out;
    }
}
