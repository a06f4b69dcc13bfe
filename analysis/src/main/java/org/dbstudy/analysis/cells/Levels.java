package org.dbstudy.analysis.cells;

import java.util.List;

/** Reading factor levels as numbers for chart axes. */
public final class Levels {
    /** Factors that count concurrent users, for charts against load. */
    public static final List<String> USERS_LIKE = List.of("users", "clients", "threads", "sessions");

    private Levels() {
    }

    /** The level as a number, or NaN when it is not one. */
    public static double number(String level) {
        try {
            return Double.parseDouble(level.trim());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The first factor of {@code factors} that counts users, or -1. */
    public static int usersIndex(List<String> factors) {
        for (String name : USERS_LIKE) {
            int i = factors.indexOf(name);
            if (i >= 0) {
                return i;
            }
        }
        return -1;
    }

    /** A file-name-safe version of a label or level. */
    public static String slug(String text) {
        String s = text.replaceAll("[^A-Za-z0-9._-]+", "_");
        return s.length() > 60 ? s.substring(0, 60) : s;
    }
}
