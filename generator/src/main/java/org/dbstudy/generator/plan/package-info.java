/**
 * What a study writes: {@link org.dbstudy.generator.plan.PlanGenerator} turns each cell into a
 * {@code CellPlan} (plain values: threads, times, arrival, samplers), {@code PlanBuilder} into JMeter's
 * object model and SaveService into a standalone {@code .jmx} ({@code JMeterEnvironment} sets up just
 * enough of JMeter for that); {@code StudyFiles} writes manifest.csv, study.properties and study.yaml
 * (the design with everything it chose made explicit), and {@link org.dbstudy.generator.plan.PlanTemplates}
 * renders the plans of {@code plan-templates/}. What was written is a
 * {@link org.dbstudy.generator.plan.GeneratedStudy}.
 *
 * <p>May use: {@link org.dbstudy.generator.study}, {@link org.dbstudy.generator.design},
 * {@link org.dbstudy.generator.workload}, {@link org.dbstudy.generator.sql}, the vocabulary, JMeter
 * core/components and the dbstudy JMeter plugin (the sampler class).
 */
package org.dbstudy.generator.plan;
