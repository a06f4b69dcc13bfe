package org.dbstudy.analysis;

/**
 * Names the cause of a failed sample. The dbstudy sampler says it itself: its responseMessage
 * starts with the class, then {@code ": "}. Anything else (JMeter's JDBC Request writes
 * responseCode {@code "SQLState vendorCode"}) is classified by SQLState and vendor code.
 */
final class OutcomeClassifier {
    private OutcomeClassifier() {
    }

    static OutcomeClass classify(String responseCode, String responseMessage) {
        OutcomeClass named = fromMessage(responseMessage);
        return named != null ? named : fromCode(responseCode == null ? "" : responseCode.trim());
    }

    private static OutcomeClass fromMessage(String message) {
        if (message == null) {
            return null;
        }
        int colon = message.indexOf(": ");
        return colon > 0 ? OutcomeClass.fromId(message.substring(0, colon)) : null;
    }

    private static OutcomeClass fromCode(String code) {
        int space = code.indexOf(' ');
        String state = space < 0 ? code : code.substring(0, space);
        String vendor = space < 0 ? "" : code.substring(space + 1).trim();
        // MySQL and MariaDB report deadlocks and lock waits with generic SQLStates: the vendor code decides.
        switch (vendor) {
            case "1040": return OutcomeClass.TOO_MANY_CONNECTIONS;
            case "1213": return OutcomeClass.DEADLOCK;
            case "1205": return OutcomeClass.LOCK_TIMEOUT;
            default: break;
        }
        switch (state) {
            case "53300":
            case "08004": return OutcomeClass.TOO_MANY_CONNECTIONS;
            case "40001": return OutcomeClass.SERIALIZATION_FAILURE;
            case "40P01": return OutcomeClass.DEADLOCK;
            case "55P03": return OutcomeClass.LOCK_TIMEOUT;
            case "57014": return OutcomeClass.STATEMENT_TIMEOUT;
            default: break;
        }
        if (state.length() == 5) {
            switch (state.substring(0, 2)) {
                case "08": return OutcomeClass.CONNECTION_LOST;
                case "23": return OutcomeClass.CONSTRAINT_VIOLATION;
                case "42": return OutcomeClass.SYNTAX_ERROR;
                default: break;
            }
        }
        return OutcomeClass.OTHER;
    }
}
