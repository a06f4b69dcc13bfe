/**
 * The only place that knows which database it is: one small class per dialect (PostgreSQL, MySQL,
 * MariaDB) for generated keys, emptying tables, timestamp types, number series for data loading and the
 * words each database reserves; quoting and the mark of a table dbstudy created come from the plugin's
 * dialect of the same kind.
 */
package org.dbstudy.generator.sql;
