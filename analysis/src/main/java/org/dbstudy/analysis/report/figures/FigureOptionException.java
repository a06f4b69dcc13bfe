package org.dbstudy.analysis.report.figures;

/** A figure option that the report directory cannot satisfy: names the option and the valid values. */
public final class FigureOptionException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String option;

    public FigureOptionException(String option, String message) {
        super(option + " " + message);
        this.option = option;
    }

    /** The option at fault, e.g. {@code --stat}. */
    public String option() {
        return option;
    }
}
