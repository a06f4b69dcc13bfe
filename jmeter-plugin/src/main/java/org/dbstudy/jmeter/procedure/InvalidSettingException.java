package org.dbstudy.jmeter.procedure;

/** A sampler field whose value cannot work; the message names the field and what would be valid. */
public final class InvalidSettingException extends Exception {
    private static final long serialVersionUID = 1L;
    private final String field;

    public InvalidSettingException(String field, String problem) {
        super("field '" + field + "': " + problem);
        this.field = field;
    }

    public String field() { return field; }
}
