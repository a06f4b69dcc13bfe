/**
 * {@code SQL_CHECK}: a query run after a cell whose first value must be what the study expects (a custom
 * workload's {@code checks}); a check that does not hold fails its sample with {@code violations=1}.
 */
package org.dbstudy.jmeter.check;
