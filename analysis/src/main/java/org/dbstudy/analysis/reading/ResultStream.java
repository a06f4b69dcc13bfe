package org.dbstudy.analysis.reading;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A result file's bytes, buffered (mark/reset lets the format be sniffed), remembering how the
 * source ended: reaching the end tells a cut-off XML document from a malformed one, and a gzip
 * stream that stops early (a killed run) ends quietly instead of failing, flagged as
 * {@link #truncated()}. The guard sits below the buffer: a failure caught above it would lose
 * the bytes the buffer had already handed out in the same read.
 */
public final class ResultStream extends BufferedInputStream {
    /** Kept apart from {@code in}, which close() clears (the XML parser may close early). */
    private final Guard guard;

    public ResultStream(InputStream source, int bufferSize) {
        this(new Guard(source), bufferSize);
    }

    private ResultStream(Guard guard, int bufferSize) {
        super(guard, bufferSize);
        this.guard = guard;
    }

    public boolean ended() {
        return guard.ended;
    }

    public boolean truncated() {
        return guard.truncated;
    }

    private static final class Guard extends FilterInputStream {
        private boolean ended;
        private boolean truncated;

        public Guard(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n;
            try {
                n = super.read(b, off, len);
            } catch (EOFException e) {
                truncated = true;
                n = -1;
            }
            ended |= n < 0;
            return n;
        }
    }
}
