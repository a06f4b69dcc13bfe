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
        int mask = keys.length - 1;
        int slot = hash(bytes, offset, length) & mask;
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

    private static int hash(byte[] bytes, int offset, int length) {
        int hash = 1;
        for (int i = offset; i < offset + length; i++) {
            hash = 31 * hash + bytes[i];
        }
        return hash ^ (hash >>> 16);
    }

    /** Twice the slots, each key with its own String: a value handed out before stays the one handed out. */
    private void rehash() {
        byte[][] oldKeys = keys;
        String[] oldValues = values;
        keys = new byte[oldKeys.length * 2][];
        values = new String[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            byte[] key = oldKeys[i];
            if (key != null) {
                int slot = hash(key, 0, key.length) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = key;
                values[slot] = oldValues[i];
            }
        }
    }
}
