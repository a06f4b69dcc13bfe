package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** run and restore reach and restart a server with the same options, declared once (issue 43). */
class SharedOptionsTest {
    private static final List<String> SHARED = List.of("--url", "--user", "--password-env", "--restart-command", "--restart-timeout");

    @Test
    void runAndRestoreDeclareTheConnectionAndRestartOptionsOnceInMixins() {
        CommandSpec run = new CommandLine(new RunCommand()).getCommandSpec();
        CommandSpec restore = new CommandLine(new RestoreCommand()).getCommandSpec();
        for (CommandSpec command : List.of(run, restore)) {
            assertEquals(ConnectionOptions.class, command.mixins().get("connection").userObject().getClass(), command.name());
            assertEquals(RestartOptions.class, command.mixins().get("restart").userObject().getClass(), command.name());
            Set<String> fromMixins = new TreeSet<>();
            command.mixins().get("connection").options().forEach(o -> fromMixins.add(o.longestName()));
            command.mixins().get("restart").options().forEach(o -> fromMixins.add(o.longestName()));
            assertEquals(new TreeSet<>(SHARED), fromMixins, command.name());
        }
        for (String name : SHARED) {
            assertEquals(describe(run.findOption(name)), describe(restore.findOption(name)), name);
        }
        assertTrue(describe(run.findOption("--restart-timeout")).contains("300"), describe(run.findOption("--restart-timeout")));
    }

    @Test
    void aRestartTimeoutOfZeroIsRefusedBeforeAnythingRuns() {
        assertEquals(Main.USER_ERROR, Main.execute("run", "--study", "smoke", "--db", "postgres", "--restart-timeout", "0"));
    }

    /** What a user sees of an option: its names, arity, parameter label, default and help. */
    private static String describe(OptionSpec o) {
        return Arrays.toString(o.names()) + " " + o.arity() + " " + o.paramLabel() + " " + o.defaultValue() + " "
                + Arrays.stream(o.description()).collect(Collectors.joining(" ")) + " " + o.type().getSimpleName();
    }
}
