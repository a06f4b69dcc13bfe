package org.dbstudy.cli.run;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.dbstudy.vocabulary.RunFolder;

/**
 * The run's standard output, which stops the run once it closed ({@code dbstudy run … | head -5}). The
 * JVM ignores SIGPIPE, so a closed pipe only made each print fail quietly and the run went on unseen.
 * Here the first print that fails ({@link PrintStream#checkError()} of the stream below) writes
 * {@code OUT/stopped.txt} and ends the process with {@value #STATUS} (128 + SIGPIPE, as a shell reports a
 * process that signal ended) through the same shutdown as Ctrl-C: the cell's JMeter is stopped with the
 * samples it wrote kept, the server's settings are put back, and the watchdog stops every child still
 * listed ({@link RunChildren}). Nothing more is printed: the output is gone.
 */
public final class OutputWatch extends PrintStream {
    /** The exit status of a run stopped because its output closed. */
    public static final int STATUS = 141;

    private final PrintStream below;
    private final Thread main;
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile Path folder;
    private volatile String resumeCommand;

    private OutputWatch(PrintStream below, Thread main) {
        super(new OutputStream() {
            @Override
            public void write(int b) {
                below.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                below.write(b, off, len);
            }

            @Override
            public void flush() {
                below.flush();
            }
        }, true, StandardCharsets.UTF_8);
        this.below = below;
        this.main = main;
    }

    /** A stream printing to {@code below}, watched from this (the run's own) thread on. */
    public static OutputWatch over(PrintStream below) {
        return new OutputWatch(below, Thread.currentThread());
    }

    /** The run folder that gets the note, once it is locked, and the command that continues the run. */
    public void runFolder(Path out, String resume) {
        this.folder = out;
        this.resumeCommand = resume;
    }

    @Override
    public void print(String s) {
        super.print(s);
        printed();
    }

    @Override
    public void println(String s) {
        super.println(s);
        printed();
    }

    @Override
    public void println(Object o) {
        super.println(o);
        printed();
    }

    @Override
    public void println() {
        super.println();
        printed();
    }

    /** printf comes here too. */
    @Override
    public PrintStream format(Locale l, String format, Object... args) {
        super.format(l, format, args);
        printed();
        return this;
    }

    @Override
    public PrintStream format(String format, Object... args) {
        super.format(format, args);
        printed();
        return this;
    }

    @Override
    public void write(byte[] b, int off, int len) {
        super.write(b, off, len);
        printed();
    }

    /**
     * After a print has released this stream (a print inside another, println's print, is not the end):
     * a print that did not reach the output stops the run, once.
     */
    private void printed() {
        if (Thread.holdsLock(this) || !below.checkError() || !closed.compareAndSet(false, true)) {
            return;
        }
        leaveNote();
        // Exit from a thread of its own: a shutdown hook that printed here would wait for itself.
        Thread exit = new Thread(() -> System.exit(STATUS), "dbstudy: output closed");
        exit.start();
        if (Thread.currentThread() == main) {
            // The run's own thread starts nothing more (no next cell, no JMeter) while the shutdown stops what runs.
            try {
                exit.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void leaveNote() {
        Path at = folder;
        if (at == null) {
            return;
        }
        String text = Instant.now() + " the run stopped: its output closed (the program reading it, e.g. 'head', ended)."
                + " The samples written so far are kept." + (resumeCommand == null ? "" : " Continue with:\n  " + resumeCommand)
                + "\n";
        try {
            Files.writeString(at.resolve(RunFolder.STOPPED), text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            // Nowhere left to say it: the exit status still tells.
        }
    }
}
