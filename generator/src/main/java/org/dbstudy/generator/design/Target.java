package org.dbstudy.generator.design;

import org.dbstudy.vocabulary.DatabaseKind;
import org.dbstudy.vocabulary.MonitorAddress;

/**
 * A database a study runs against. There is never a password here: it is passed at run time.
 *
 * @param monitor where {@code dbstudy monitor} answers on the database server's host, or null (then
 *                the runner reads the host itself when the server is local)
 * @param restart a shell command that restarts the server, for server settings that need a restart,
 *                or null (then such a setting can only be varied on an embedded target)
 */
public record Target(String name, DatabaseKind kind, String url, String user, MonitorAddress monitor, String restart) {
    /** A target without a restart command. */
    public Target(String name, DatabaseKind kind, String url, String user, MonitorAddress monitor) {
        this(name, kind, url, user, monitor, null);
    }

    /** A target without a monitor address. */
    public Target(String name, DatabaseKind kind, String url, String user) {
        this(name, kind, url, user, null);
    }
}
