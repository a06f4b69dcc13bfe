package org.dbstudy.cli.agents;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.analysis.cells.Agents;
import org.dbstudy.vocabulary.SampleLabels;
import org.dbstudy.vocabulary.files.Csv;

/**
 * When each agent of a distributed cell measured, read from the cell's CSV JTL: per agent its workload
 * samples and the window from its first sample's start to its last sample's end, the window in which
 * all agents measured (the latest first start to the earliest last end) and the setUp's end. Timestamps
 * are each agent's clock.
 */
public final class AgentWindows {
    /** One agent's workload samples and window, epoch ms. */
    public record Window(String agent, long samples, long first, long last) {
        public double seconds() {
            return Math.max(0, last - first) / 1000.0;
        }
    }

    private final List<Window> windows;
    private final long setUpEnd;

    private AgentWindows(List<Window> windows, long setUpEnd) {
        this.windows = List.copyOf(windows);
        this.setUpEnd = setUpEnd;
    }

    public static AgentWindows read(Path jtl) throws IOException {
        Map<String, long[]> byAgent = new LinkedHashMap<>();
        long setUpEnd = -1;
        if (!Files.exists(jtl)) {
            return new AgentWindows(List.of(), -1);
        }
        try (BufferedReader in = Files.newBufferedReader(jtl, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            List<String> header = first == null ? List.of() : Csv.split(first);
            int label = header.indexOf("label");
            int thread = header.indexOf("threadName");
            int stamp = header.indexOf("timeStamp");
            int elapsed = header.indexOf("elapsed");
            if (label < 0 || thread < 0 || stamp < 0 || elapsed < 0) {
                return new AgentWindows(List.of(), -1);
            }
            int needed = Math.max(Math.max(label, thread), Math.max(stamp, elapsed));
            Agents agents = new Agents();
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                List<String> f = Csv.split(line);
                if (f == null || f.size() <= needed) {
                    continue; // a line cut short by a stopped JMeter, or one spanning lines: not a sample's timing
                }
                long start;
                long end;
                try {
                    start = Long.parseLong(f.get(stamp));
                    end = start + Long.parseLong(f.get(elapsed));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (SampleLabels.isSetUp(f.get(label))) {
                    setUpEnd = Math.max(setUpEnd, end);
                }
                if (SampleLabels.isNotWorkload(f.get(label))) {
                    continue;
                }
                long[] w = byAgent.computeIfAbsent(agents.of(f.get(thread)), a -> new long[] {0, Long.MAX_VALUE, Long.MIN_VALUE});
                w[0]++;
                w[1] = Math.min(w[1], start);
                w[2] = Math.max(w[2], end);
            }
        }
        List<Window> windows = new ArrayList<>();
        byAgent.forEach((agent, w) -> windows.add(new Window(agent, w[0], w[1], w[2])));
        windows.sort(Comparator.comparing(Window::agent));
        return new AgentWindows(windows, setUpEnd);
    }

    public List<Window> windows() {
        return windows;
    }

    /** Epoch ms of the last setUp sample's end, or -1. */
    public long setUpEnd() {
        return setUpEnd;
    }

    /** Seconds in which every agent measured: the latest first start to the earliest last end (0 when they do not overlap). */
    public double allSeconds() {
        if (windows.isEmpty()) {
            return 0;
        }
        long from = windows.stream().mapToLong(Window::first).max().orElseThrow();
        long to = windows.stream().mapToLong(Window::last).min().orElseThrow();
        return Math.max(0, to - from) / 1000.0;
    }

    /** Seconds from the earliest first start to the latest last end. */
    public double unionSeconds() {
        if (windows.isEmpty()) {
            return 0;
        }
        long from = windows.stream().mapToLong(Window::first).min().orElseThrow();
        long to = windows.stream().mapToLong(Window::last).max().orElseThrow();
        return Math.max(0, to - from) / 1000.0;
    }

    /** The share of the union in which all agents measured, 0..1. */
    public double overlap() {
        double union = unionSeconds();
        return union <= 0 ? 0 : allSeconds() / union;
    }

    /** The runner's line for the cell: how long all agents ran together, and each agent's samples and window. */
    public String describe(int expectedAgents) {
        StringBuilder line = new StringBuilder(String.format(Locale.ROOT,
                "agents: %d of %d measured; all together %.1f s of %.1f s (%.0f %%)", windows.size(), expectedAgents,
                allSeconds(), unionSeconds(), 100 * overlap()));
        long from = windows.stream().mapToLong(Window::first).min().orElse(0);
        for (Window w : windows) {
            line.append(String.format(Locale.ROOT, "; %s %d samples from +%.1f s for %.1f s", w.agent(), w.samples(),
                    (w.first() - from) / 1000.0, w.seconds()));
        }
        return line.toString();
    }
}
