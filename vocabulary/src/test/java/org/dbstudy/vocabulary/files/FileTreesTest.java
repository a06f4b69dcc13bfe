package org.dbstudy.vocabulary.files;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileTreesTest {

    @TempDir
    Path temp;

    @Test
    void deletesATreeChildrenFirst() throws IOException {
        Path root = temp.resolve("root");
        Files.createDirectories(root.resolve("a/b/c"));
        Files.writeString(root.resolve("a/b/c/deep.txt"), "x");
        Files.writeString(root.resolve("a/top.txt"), "y");
        Files.createDirectories(root.resolve("empty"));

        FileTrees.delete(root);

        assertFalse(Files.exists(root));
        assertTrue(Files.exists(temp), "only the tree named, not its parent");
    }

    @Test
    void deletesLinksNotWhatTheyPointTo() throws IOException {
        Path run = Files.createDirectories(temp.resolve("run"));
        Path jtl = Files.writeString(run.resolve("cell.jtl"), "kept");
        Path comparison = Files.createDirectories(temp.resolve("comparison/runs"));
        Files.createSymbolicLink(comparison.resolve("run-1"), run);
        Files.createSymbolicLink(comparison.resolve("cell.jtl"), jtl);

        FileTrees.delete(temp.resolve("comparison"));

        assertFalse(Files.exists(temp.resolve("comparison")));
        assertTrue(Files.isRegularFile(jtl), "the run a link pointed to is untouched");
    }

    @Test
    void aRootThatIsALinkGoesAloneAndAMissingRootIsNoError() throws IOException {
        Path run = Files.createDirectories(temp.resolve("run"));
        Files.writeString(run.resolve("cell.jtl"), "kept");
        Path link = Files.createSymbolicLink(temp.resolve("link"), run);

        FileTrees.delete(link);
        FileTrees.delete(temp.resolve("never-made"));

        assertFalse(Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS));
        assertTrue(Files.isRegularFile(run.resolve("cell.jtl")));
    }

    @Test
    void aSingleFileIsDeleted() throws IOException {
        Path file = Files.writeString(temp.resolve("one.txt"), "z");
        FileTrees.delete(file);
        assertFalse(Files.exists(file));
    }
}
