/** Placeholder until the module is written. */
package org.dbstudy.analysis;
