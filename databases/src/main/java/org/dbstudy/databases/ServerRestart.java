package org.dbstudy.databases;

import java.util.Map;

/** A way to restart a database server, for the settings it only reads when it starts. */
public interface ServerRestart {
    /**
     * Restarts the server so that it runs with {@code startupSettings} (name → value: the settings
     * that need a restart, on top of the server's own configuration; empty: as found) and returns
     * once it accepts connections again.
     *
     * @throws RestartFailedException when the server did not come back
     */
    void restart(Map<String, String> startupSettings);

    /**
     * Stops a restart under way at once (Ctrl-C): it fails, and so does every later one, so that the
     * process can end. Does nothing when no restart is under way. Called from another thread.
     */
    default void interrupt() {
    }

    /** What this restart is, for messages: "embedded server", "command '…'". */
    String describe();

    /** Thrown when a restart did not bring the server back: the study cannot go on. */
    final class RestartFailedException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        public RestartFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
