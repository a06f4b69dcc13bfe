package org.dbstudy.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A cell without samples is explained by its cause, not by a warning every JMeter start prints. */
class NoSamplesReasonTest {
    /** The warning the bundled home printed at every start, with its stack trace line. */
    private static final String CONVERTER_WARNING = """
            2026-11-26 01:00:00,100 WARN o.a.j.s.SaveService: Can't register a converter: org.apache.jmeter.protocol.http.util.HTTPSamplerBaseConverter
            java.lang.ClassNotFoundException: org.apache.jmeter.protocol.http.util.HTTPSamplerBaseConverter
            """;

    @Test
    void connectingAndPrimingThatOutlastTheCellAreNamedWithTheirSeconds(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cell.log");
        Files.writeString(log, CONVERTER_WARNING + """
                2026-11-26 01:00:03,000 INFO o.a.j.e.StandardJMeterEngine: Running the test!
                2026-11-26 01:00:04,000 INFO o.a.j.t.JMeterThread: Thread finished: setUp 1-1
                2026-11-26 01:00:04,500 INFO o.a.j.e.StandardJMeterEngine: All Setup Threads have ended
                2026-11-26 01:00:05,000 INFO o.a.j.t.JMeterThread: Thread started: users 1-1
                2026-11-26 01:00:18,700 INFO o.a.j.t.JMeterThread: Thread finished: users 1-2
                2026-11-26 01:00:19,000 INFO o.a.j.t.JMeterThread: Thread finished: users 1-1
                2026-11-26 01:00:19,500 INFO o.a.j.t.JMeterThread: Thread finished: tearDown 1-1
                """);
        assertEquals("no samples before the cell's end: connecting and priming took 14 s of the 1 s cell (JMeter ran"
                + " 22 s in all); give the cell a longer duration on a machine this busy",
                NoSamplesReason.explain(log, 1, 22));
    }

    @Test
    void anErrorJMeterLoggedIsTheReason(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cell.log");
        Files.writeString(log, CONVERTER_WARNING
                + "2026-11-26 01:00:05,000 ERROR o.a.j.t.JMeterThread: Test failed! java.lang.IllegalStateException: no driver\n");
        assertEquals("no samples were recorded: 2026-11-26 01:00:05,000 ERROR o.a.j.t.JMeterThread: Test failed!"
                + " java.lang.IllegalStateException: no driver", NoSamplesReason.explain(log, 1, 9));
    }

    @Test
    void withoutTheUsersInTheLogTheWholeRunIsTheReason(@TempDir Path dir) throws Exception {
        Path log = dir.resolve("cell.log");
        Files.writeString(log, CONVERTER_WARNING);
        assertEquals("no samples before the cell's end: JMeter ran 9 s for a 1 s cell and no user finished a sample"
                + " (starting, setUp and connecting used the time); see cell.log", NoSamplesReason.explain(log, 1, 9));
    }
}
