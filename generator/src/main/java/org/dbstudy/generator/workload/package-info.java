/**
 * Workload templates ({@code crud}, {@code school}, {@code tpcb}, {@code tpcc}, {@code chbench}) and the
 * custom workload a study file writes itself ({@code CustomWorkload}): each gives the setUp sampler
 * (schema and data), the users' transactions (one sampler each) and their random variables for one cell, as
 * {@link org.dbstudy.generator.workload.SamplerSpec} property values of the dbstudy
 * TransactionSampler, and which existing tables the setUp drops or empties (for the runner to say so).
 * Database-specific SQL comes from {@link org.dbstudy.generator.sql.SqlDialect}.
 */
package org.dbstudy.generator.workload;
