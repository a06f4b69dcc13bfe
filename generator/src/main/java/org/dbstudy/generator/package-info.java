/**
 * Turns a study (factors × levels × workload × targets, from a YAML study file or a built-in) into
 * one standalone JMeter plan per cell, a manifest and the study's properties. This package holds no
 * classes; its sub-packages do the work, each using only those listed after it:
 * {@link org.dbstudy.generator.plan} → {@link org.dbstudy.generator.study} →
 * {@link org.dbstudy.generator.design} → {@link org.dbstudy.generator.workload} →
 * {@link org.dbstudy.generator.sql}.
 *
 * <p>The flow: {@link org.dbstudy.generator.study.Studies} reads a file with {@code StudyParser}, which
 * checks every key by hand on snakeyaml's node tree so that each error names file, line, field and
 * what is valid ({@link org.dbstudy.generator.design.StudyFileException}); the result is a {@code Design}.
 * {@link org.dbstudy.generator.study.Study} wraps it immutably and expands its cells with
 * {@code CellExpander}: the study's {@code CellDesign} chooses the combinations ({@code FullFactorial}
 * in declared order, last factor fastest, as jmh does; {@code OneFactorAtATime} from a baseline, then
 * combined configurations; {@code FractionalFactorial} 2^(k−p) from given generators or the
 * {@code MinimumAberration} table), read from {@code design:} by {@code DesignParser}; around that
 * expansion {@code ServerOrder} puts the cells into configuration blocks (target, {@code server.<setting>}
 * factors that need a restart, known to {@link org.dbstudy.generator.design.ServerSettings}) that interleave by
 * replicate, with few restarts.
 * {@link org.dbstudy.generator.plan.PlanGenerator} turns each cell into a {@code CellPlan} (plain values:
 * threads, times, samplers), {@code PlanBuilder} into JMeter's object model, and SaveService into
 * bytes; {@code StudyFiles} writes manifest.csv, study.properties and study.yaml.
 *
 * <p>What a workload does lives in {@link org.dbstudy.generator.workload}; SQL that differs between
 * PostgreSQL, MySQL and MariaDB lives only in {@link org.dbstudy.generator.sql}. Output is
 * deterministic (no timestamps, fixed order) and never holds a password: samplers read
 * {@code ${__P(db.password,)}} at run time.
 *
 * <p>May use: the dbstudy vocabulary (database kinds, label rules, manifest columns), JMeter
 * core/components (object model, SaveService), the dbstudy JMeter plugin (the sampler class),
 * snakeyaml. Must not: open database connections or run plans.
 */
package org.dbstudy.generator;
