/**
 * The only place that knows which database it is: one small class per dialect (PostgreSQL, MySQL,
 * MariaDB) for generated keys, emptying tables, timestamp types and number series for data loading.
 */
package org.dbstudy.generator.sql;
