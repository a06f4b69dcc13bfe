package org.dbstudy.jmeter;

/**
 * The server did not apply what the experiment asked for (an isolation level, a session setting, a
 * named lock). Measuring on would produce numbers for another experiment, so the cell stops.
 */
final class ExperimentNotAppliedException extends Exception {
    private static final long serialVersionUID = 1L;

    ExperimentNotAppliedException(String message) {
        super(message);
    }
}
