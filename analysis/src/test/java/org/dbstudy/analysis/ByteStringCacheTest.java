package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.dbstudy.analysis.reading.ByteStringCache;
import org.junit.jupiter.api.Test;

/** Labels and thread names become one String each, wherever in the buffer their bytes stand. */
class ByteStringCacheTest {

    @Test
    void theSameBytesAnywhereGiveTheSameStringAndOtherBytesAnother() {
        ByteStringCache cache = new ByteStringCache();
        // Lengths 0 to 40, at two offsets; the other value differs in its last byte only.
        for (int length = 0; length <= 40; length++) {
            String text = "127.0.0.1:1099-users 1-1 NewOrder-getStock".substring(0, length);
            byte[] at3 = ("abc" + text + "xyz").getBytes(StandardCharsets.UTF_8);
            byte[] at7 = ("0123456" + text).getBytes(StandardCharsets.UTF_8);
            String first = cache.get(at3, 3, length);
            assertEquals(text, first);
            assertSame(first, cache.get(at7, 7, length), "length " + length);
            if (length > 0) {
                byte[] other = at7.clone();
                other[7 + length - 1]++;
                String different = cache.get(other, 7, length);
                assertNotSame(first, different);
                assertEquals(new String(other, 7, length, StandardCharsets.UTF_8), different);
            }
        }
    }

    @Test
    void valuesStayFoundAcrossGrowth() {
        ByteStringCache cache = new ByteStringCache();
        String[] first = new String[5000];
        for (int i = 0; i < first.length; i++) {
            byte[] b = ("users 1-" + i).getBytes(StandardCharsets.UTF_8);
            first[i] = cache.get(b, 0, b.length);
        }
        for (int i = 0; i < first.length; i++) {
            byte[] b = ("users 1-" + i).getBytes(StandardCharsets.UTF_8);
            assertSame(first[i], cache.get(b, 0, b.length));
        }
    }
}
