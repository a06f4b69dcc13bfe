package org.dbstudy.generator;

/** A database a study runs against. There is never a password here: it is passed at run time. */
public record Target(String name, String dialect, String url, String user) {
}
