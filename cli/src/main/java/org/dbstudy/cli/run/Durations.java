package org.dbstudy.cli.run;

import java.util.Locale;

/** Seconds written as people read them on a progress line. */
public final class Durations {
    private Durations() {
    }

    public static String hms(long seconds) {
        long s = Math.max(0, seconds);
        return String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60);
    }
}
