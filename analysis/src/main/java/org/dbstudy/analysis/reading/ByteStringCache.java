package org.dbstudy.analysis.reading;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Turns repeated byte sequences (labels, thread names) into one shared String each, so a row
 * costs a hash and a compare instead of a new String. Bounded: past {@link #MAX_ENTRIES}
 * distinct values it stops remembering, so odd files cannot make it grow without limit.
 */
public final class ByteStringCache {
    private static final int MAX_ENTRIES = 1 << 16;

    private byte[][] keys = new byte[256][];
    private String[] values = new String[256];
    private int size;

    public String get(byte[] bytes, int offset, int length) {
        int hash = 1;
        for (int i = offset; i < offset + length; i++) {
            hash = 31 * hash + bytes[i];
        }
        int mask = keys.length - 1;
        int slot = (hash ^ (hash >>> 16)) & mask;
        while (keys[slot] != null) {
            byte[] key = keys[slot];
            if (Arrays.equals(key, 0, key.length, bytes, offset, offset + length)) {
                return values[slot];
            }
            slot = (slot + 1) & mask;
        }
        String text = new String(bytes, offset, length, StandardCharsets.UTF_8);
        if (size < MAX_ENTRIES) {
            keys[slot] = Arrays.copyOfRange(bytes, offset, offset + length);
            values[slot] = text;
            if (++size * 2 > keys.length) {
                rehash();
            }
        }
        return text;
    }

    private void rehash() {
        byte[][] oldKeys = keys;
        String[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        values = new String[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                get(oldKeys[i], 0, oldKeys[i].length);
            }
        }
    }
}
