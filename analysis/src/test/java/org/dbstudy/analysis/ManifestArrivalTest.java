package org.dbstudy.analysis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generator's last manifest column, {@code arrival}, describes a cell; it is not a factor to compare. */
class ManifestArrivalTest {
    @TempDir
    Path dir;

    @Test
    void arrivalIsNotAFactor() throws Exception {
        Path m = Files.writeString(dir.resolve("manifest.csv"), "cell,replicate,plan,users,interval,arrival\n"
                + "u5,1,plans/u5.jmx,5,0.1,start spread over 0.1 s; constant 0.1 s\n"
                + "u10,1,plans/u10.jmx,10,2,start spread over 2 s; constant 2 s\n");
        Manifest manifest = Manifest.read(m);
        assertEquals(List.of("users", "interval"), manifest.factors());
        assertEquals(List.of("10", "2"), manifest.levels("u10"));
    }
}
