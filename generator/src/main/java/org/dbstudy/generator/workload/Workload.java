package org.dbstudy.generator.workload;

import java.util.List;
import java.util.Map;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * A workload template: its schema and data (the setUp sampler) and its sample (the users' sampler).
 * SQL that differs between databases comes from {@link org.dbstudy.generator.sql.SqlDialect}.
 */
public interface Workload {
    String name();

    String description();

    /** Template parameters, in the order documented. */
    List<Parameter> parameters();

    /**
     * The template's own choice factors ({@code operation}, {@code query}, {@code variant}) and their
     * levels; the first level is the default when a study does not vary the factor.
     */
    Map<String, List<String>> choices();

    /** The setUp thread group's sampler: create the schema if missing, load or reset the data. */
    SamplerSpec setUp(CellValues cell);

    /** The users' sampler, labelled with the sample label. */
    SamplerSpec sample(CellValues cell);

    /**
     * The users' transactions and their weights: each sample runs one, drawn by weight. A template has
     * one, its {@link #sample}; a custom workload names its own.
     */
    default List<Transaction> transactions(CellValues cell) {
        return List.of(new Transaction(sample(cell), 1, java.util.Set.of()));
    }

    /** CSV files the users' statements bind columns of; none by default. */
    default List<CsvData> csvData(CellValues cell) {
        return List.of();
    }

    /** Random variables the sample's parameters use. */
    List<RandomVariable> randomVariables(CellValues cell);

    /** Samplers of a tearDown thread group run after the users (e.g. consistency checks, plans); none by default. */
    default List<SamplerSpec> tearDown(CellValues cell) {
        return List.of();
    }

    /** Thread groups that run beside the users for the same duration (e.g. analytical users); none by default. */
    default List<GroupSpec> moreGroups(CellValues cell) {
        return List.of();
    }

    /**
     * Null when a cell's combination of factor levels and parameters can run, else what is wrong and
     * the field to blame (e.g. more clients than districts to bind them to).
     */
    default CellProblem cellProblem(CellValues cell) {
        return null;
    }

    /**
     * Null when a parameter's value can run on a database kind, else what is wrong (e.g. a client mode
     * only one driver has). Checked for every target, for the parameter's value in the study file and
     * for each level of a factor that varies it.
     */
    default CellProblem targetProblem(String parameter, String value, DatabaseKind kind) {
        return null;
    }

    /**
     * {@link #targetProblem}, after the check every workload shares: a parameter that names a table must not
     * be a word the target's database reserves (quoted, it would work, but every hand-written query on it
     * would have to quote it too).
     */
    default CellProblem problemOnTarget(String parameter, String value, DatabaseKind kind) {
        Parameter p = parameters().stream().filter(x -> x.name().equals(parameter)).findFirst().orElse(null);
        if (p != null && p.rule().namesSqlObject() && SqlDialects.of(kind).reserves(value)) {
            return new CellProblem(parameter, "'" + value + "' is a reserved word in " + kind.displayName()
                    + "; choose another name", "a plain SQL name that " + kind.displayName() + " does not reserve");
        }
        return targetProblem(parameter, value, kind);
    }

    /**
     * The tables the setUp drops or empties when they exist, and how, for the runner's line naming the
     * database before the first cell; null when the setUp leaves existing tables alone.
     */
    default SetUpTables setUpTables(CellValues cell) {
        return null;
    }

    /** @param action what the setUp does to them, e.g. "drops and re-creates" */
    record SetUpTables(String action, List<String> tables) {
    }

    /** A cell that cannot run: the field to name in the message, the problem and what would be valid. */
    record CellProblem(String field, String problem, String valid) {
    }
}
