package org.dbstudy.generator;

import org.dbstudy.vocabulary.DatabaseKind;

/** A database a study runs against. There is never a password here: it is passed at run time. */
public record Target(String name, DatabaseKind kind, String url, String user) {
}
