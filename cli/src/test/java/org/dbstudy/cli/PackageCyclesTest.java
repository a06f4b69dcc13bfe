package org.dbstudy.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Rooms of a sensible size with the doors one way, checked on the main sources of every module: no
 * package uses, directly or through others, a package of its module that uses it (in the plugin, for
 * one, the sampler at the root stands on {@code procedure} and {@code dialect}, the workloads on
 * {@code procedure}, and the registry finds the workloads by {@link java.util.ServiceLoader} instead of
 * importing them), and no package holds more than {@value #MOST_FILES} main files. A use is an import or
 * a qualified name in code, read from the sources (comments and strings left out). Modules use each
 * other in one direction already: their poms say which may depend on which.
 */
class PackageCyclesTest {
    private static final Pattern USE = Pattern.compile("\\b(org\\.dbstudy(?:\\.[a-z_]\\w*)+)\\.[A-Z]");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);");
    private static final Pattern COMMENT_OR_LITERAL = Pattern.compile(
            "(?s)/\\*.*?\\*/|//[^\\n]*|\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])'");

    /** About 25 files a room (issue 28): past it, a package holds more than one purpose. */
    static final int MOST_FILES = 25;

    @Test
    void noPackageCycleInAnyModulesMainCode() throws IOException {
        List<Path> modules = modules();
        assertTrue(modules.size() >= 7, "found only these modules' main sources: " + modules);
        List<String> cycles = new ArrayList<>();
        for (Path module : modules) {
            Map<String, Map<String, Set<String>>> uses = uses(module);
            cycles.addAll(describe(module.getFileName().toString(), cycles(uses), uses));
        }
        assertEquals(List.of(), cycles, "packages that use each other");
    }

    @Test
    void noPackageHoldsMoreThanAboutTwentyFiveMainFiles() throws IOException {
        List<String> crowded = new ArrayList<>();
        for (Path module : modules()) {
            Map<Path, Long> files;
            try (Stream<Path> walk = Files.walk(module.resolve(MAIN))) {
                files = walk.filter(f -> f.toString().endsWith(".java"))
                        .filter(f -> !f.getFileName().toString().equals("package-info.java"))
                        .collect(Collectors.groupingBy(Path::getParent, TreeMap::new, Collectors.counting()));
            }
            files.forEach((dir, n) -> {
                if (n > MOST_FILES) {
                    crowded.add(module.resolve(MAIN).relativize(dir) + ": " + n);
                }
            });
        }
        assertEquals(List.of(), crowded, "packages with more than " + MOST_FILES + " main files");
    }

    @Test
    void thePluginsUsesAreRead() throws IOException {
        Map<String, Map<String, Set<String>>> uses = uses(root().resolve("jmeter-plugin"));
        assertTrue(uses.getOrDefault("org.dbstudy.jmeter", Map.of()).containsKey("org.dbstudy.jmeter.procedure"),
                "the sampler uses the procedure package: " + uses.keySet());
    }

    @Test
    void aUseIsAnImportOrAQualifiedNameInCode() {
        String source = """
                package org.dbstudy.jmeter.tpcc;
                import org.dbstudy.jmeter.procedure.Procedure;
                import static org.dbstudy.jmeter.dialect.Dialects.of;
                /** Not {@link org.dbstudy.jmeter.chbench.ChQuery}. */
                class X { // nor org.dbstudy.jmeter.Comment
                    String s = "org.dbstudy.jmeter.String.X";
                    char q = '"';
                    org.dbstudy.jmeter.SamplerField f;
                }
                """;
        assertEquals(Set.of("org.dbstudy.jmeter.procedure", "org.dbstudy.jmeter.dialect", "org.dbstudy.jmeter"),
                usedPackages(source));
    }

    @Test
    void aCycleIsFoundThroughOtherPackagesAndAChainIsNone() {
        Map<String, Map<String, Set<String>>> graph = new HashMap<>();
        use(graph, "root", "procedure");
        use(graph, "procedure", "tpcc");
        use(graph, "tpcc", "root");
        use(graph, "chbench", "procedure");
        use(graph, "root", "dialect");
        assertEquals(List.of(Set.of("procedure", "root", "tpcc")), cycles(graph));
        graph.get("tpcc").remove("root");
        assertEquals(List.of(), cycles(graph));
    }

    private static void use(Map<String, Map<String, Set<String>>> graph, String from, String to) {
        graph.computeIfAbsent(from, k -> new TreeMap<>()).computeIfAbsent(to, k -> new TreeSet<>()).add(from + ".java");
    }

    private static final String MAIN = "src/main/java";

    private static Path root() {
        return Path.of(System.getProperty("dbstudy.root", ".."));
    }

    /** The modules (folders beside this one) that have main sources. */
    private static List<Path> modules() throws IOException {
        try (Stream<Path> dirs = Files.list(root())) {
            return dirs.filter(d -> Files.isDirectory(d.resolve(MAIN))).sorted().toList();
        }
    }

    /** Package to the packages of the same module it uses, each with the files that use it. */
    private static Map<String, Map<String, Set<String>>> uses(Path module) throws IOException {
        record Source(String pkg, String file, Set<String> uses) { }
        List<Source> sources = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(module.resolve(MAIN))) {
            for (Path f : walk.filter(f -> f.toString().endsWith(".java")).toList()) {
                String text = Files.readString(f, StandardCharsets.UTF_8);
                Matcher p = PACKAGE.matcher(text);
                assertTrue(p.find(), f + " has no package line");
                sources.add(new Source(p.group(1), f.getFileName().toString(), usedPackages(text)));
            }
        }
        Map<String, Map<String, Set<String>>> graph = new TreeMap<>();
        sources.forEach(s -> graph.computeIfAbsent(s.pkg(), k -> new TreeMap<>()));
        for (Source s : sources) {
            for (String used : s.uses()) {
                if (graph.containsKey(used)) { // another module's package is the poms' business
                    graph.get(s.pkg()).computeIfAbsent(used, k -> new TreeSet<>()).add(s.file());
                }
            }
        }
        return graph;
    }

    static Set<String> usedPackages(String source) {
        Matcher m = USE.matcher(COMMENT_OR_LITERAL.matcher(source).replaceAll(" "));
        Set<String> out = new TreeSet<>();
        while (m.find()) {
            out.add(m.group(1));
        }
        out.remove(packageOf(source));
        return out;
    }

    private static String packageOf(String source) {
        Matcher p = PACKAGE.matcher(source);
        return p.find() ? p.group(1) : "";
    }

    /** The strongly connected components of more than one package (Tarjan): each is a cycle. */
    static List<Set<String>> cycles(Map<String, Map<String, Set<String>>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        List<Set<String>> out = new ArrayList<>();
        for (String v : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(v)) {
                connect(v, graph, index, low, stack, out);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Map<String, Set<String>>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, List<Set<String>> out) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        for (String w : graph.getOrDefault(v, Map.of()).keySet()) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, out);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (stack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(component);
            }
        }
    }

    /** Each cycle with the uses inside it and the files they are in, for the failure message. */
    private static List<String> describe(String module, List<Set<String>> cycles,
                                         Map<String, Map<String, Set<String>>> graph) {
        List<String> out = new ArrayList<>();
        for (Set<String> cycle : cycles) {
            StringBuilder sb = new StringBuilder(module + ": cycle " + cycle + ":");
            for (String from : cycle) {
                graph.get(from).forEach((to, files) -> {
                    if (cycle.contains(to)) {
                        sb.append("\n  ").append(from).append(" -> ").append(to).append(" in ").append(files);
                    }
                });
            }
            out.add(sb.toString());
        }
        return out;
    }
}
