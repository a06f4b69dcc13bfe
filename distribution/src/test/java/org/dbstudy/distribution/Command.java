package org.dbstudy.distribution;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A child process with a time limit: a test never hangs on a tool that waits for the network. */
record Command(List<String> args, Path dir, Map<String, String> env) {

    /** What a finished process printed (stdout and stderr together) and its exit status. */
    record Result(int status, String output) {
    }

    static Command of(Path dir, String... args) {
        return new Command(List.of(args), dir, Map.of());
    }

    Command withEnv(Map<String, String> more) {
        return new Command(args, dir, more);
    }

    Result run(long timeoutSeconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("dbstudy-it-", ".out");
        try {
            ProcessBuilder pb = new ProcessBuilder(args).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile());
            // The JMeter a test names is the only one: none from the environment of the build.
            pb.environment().remove("JMETER_HOME");
            pb.environment().remove("DBSTUDY_JMETER_HOME");
            pb.environment().putAll(env);
            Process p = pb.start();
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor();
                throw new AssertionError(args + " did not finish in " + timeoutSeconds + " s:\n"
                        + Files.readString(out, StandardCharsets.UTF_8));
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** Runs and insists on exit status 0. */
    String succeed(long timeoutSeconds) throws IOException, InterruptedException {
        Result r = run(timeoutSeconds);
        if (r.status() != 0) {
            throw new AssertionError(args + " exited with " + r.status() + ":\n" + r.output());
        }
        return r.output();
    }
}
