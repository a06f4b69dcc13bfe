package org.dbstudy.jmeter.tpcc.load;

import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import org.apache.jmeter.threads.JMeterContextService;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;

/**
 * The time every generated timestamp uses (O_ENTRY_D, OL_DELIVERY_D, H_DATE, C_SINCE): a fixed origin
 * plus the time elapsed since the test started. With the default origin (2015-06-01) the
 * CH-benCHmark's date filters, written before 2020, select rows as they did in 2015; {@code now}
 * gives the wall clock.
 */
public final class StudyClock {
    static final String DEFAULT_ORIGIN = "2015-06-01T00:00:00";
    /** Start of this JVM's first use, for code running outside a JMeter test (tests, loaders). */
    private static final long FIRST_USE = System.currentTimeMillis();

    private final LocalDateTime origin;

    private StudyClock(LocalDateTime origin) {
        this.origin = origin;
    }

    public static StudyClock from(Arguments a) throws InvalidSettingException {
        String text = a.text("clock", DEFAULT_ORIGIN);
        if ("now".equalsIgnoreCase(text)) {
            return new StudyClock(null);
        }
        try {
            return new StudyClock(LocalDateTime.parse(text.length() == 10 ? text + "T00:00:00" : text));
        } catch (DateTimeParseException e) {
            throw Arguments.problem("clock", "'" + text + "' is not a date-time like " + DEFAULT_ORIGIN
                    + " (or a date like 2015-06-01, or now)");
        }
    }

    public LocalDateTime now() {
        if (origin == null) {
            return LocalDateTime.now().withNano(0);
        }
        long start = JMeterContextService.getTestStartTime();
        long elapsed = System.currentTimeMillis() - (start > 0 ? start : FIRST_USE);
        return origin.plusNanos(Math.max(0, elapsed) * 1_000_000L).withNano(0);
    }
}
