package org.dbstudy.generator.study;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.dbstudy.generator.design.StudyFileException;
import org.dbstudy.vocabulary.Claim;
import org.yaml.snakeyaml.nodes.Node;

/**
 * A built-in study's paper beside it ({@code <study>.reference.yaml}): which paper, where its numbers are
 * quoted from, its setup, what compares in value and what only in shape, and its findings as claims
 * ({@link ClaimParser}). The claims are added to the study's own; the text goes to the run folder's
 * {@code reference.txt} for the report.
 */
final class ReferenceFile {
    static final String SUFFIX = ".reference.yaml";
    private static final List<String> KEYS = List.of("paper", "source", "setup", "compare", "versions", "claims");
    private static final List<String> VERSION_KEYS = List.of("servers", "analogue");

    private ReferenceFile() {
    }

    /** The study with the reference's claims; mistakes name the reference file's lines. */
    static Study parse(String source, String text, Study study) throws StudyFileException {
        YamlReader yaml = new YamlReader(source);
        Map<String, Node> top = yaml.mapping(yaml.compose(text), "", KEYS);
        for (String required : List.of("paper", "source", "claims")) {
            if (!top.containsKey(required)) {
                throw new StudyFileException(source, 1, required, "missing", "paper, source, setup, compare, claims");
            }
        }
        if (top.containsKey("versions")) {
            yaml.attempt(() -> versions(yaml, top.get("versions")));
        }
        String paperSource = yaml.scalar(top.get("source"), "source");
        List<Claim> claims = new ClaimParser(yaml, study.design().factors())
                .claims(top.get("claims"), "claims", Claim.Origin.PAPER, paperSource);
        if (!yaml.problems().isEmpty()) {
            throw StudyFileException.all(yaml.problems());
        }
        return study.withClaims(claims);
    }

    /** The server versions the paper compared, as reproduce runs them ({@code versions:}); empty when it compared none. */
    static Optional<ServerVersions> versions(String studyName) {
        String resource = "studies/" + studyName + SUFFIX;
        if (Studies.class.getResource(resource) == null) {
            return Optional.empty();
        }
        YamlReader yaml = new YamlReader(resource);
        try {
            Node versions = yaml.mapping(yaml.compose(Studies.readResource(resource)), "", KEYS).get("versions");
            return versions == null ? Optional.empty() : Optional.of(versions(yaml, versions));
        } catch (StudyFileException e) {
            throw new IllegalStateException("built-in reference " + resource + " is broken: " + e.getMessage(), e);
        }
    }

    private static ServerVersions versions(YamlReader yaml, Node node) throws StudyFileException {
        Map<String, Node> keys = yaml.mapping(node, "versions", VERSION_KEYS);
        if (!keys.containsKey("servers") || !keys.containsKey("analogue")) {
            throw yaml.error(node, "versions", "needs servers and analogue", "{servers: [OLD_DB, NEW_DB], analogue: \"what stands for what\"}");
        }
        List<String> servers = new java.util.ArrayList<>();
        for (Node server : yaml.sequence(keys.get("servers"), "versions.servers")) {
            servers.add(yaml.scalar(server, "versions.servers"));
        }
        if (servers.size() != 2) {
            throw yaml.error(keys.get("servers"), "versions.servers", servers.size() + " servers", "two --db words, the older first");
        }
        return new ServerVersions(servers.get(0), servers.get(1), yaml.scalar(keys.get("analogue"), "versions.analogue"));
    }

    /** The reference's words for the report: paper, source, setup and what compares how; empty without a file. */
    static Optional<String> text(String studyName) {
        String resource = "studies/" + studyName + SUFFIX;
        if (Studies.class.getResource(resource) == null) {
            return Optional.empty();
        }
        YamlReader yaml = new YamlReader(resource);
        try {
            Map<String, Node> top = yaml.mapping(yaml.compose(Studies.readResource(resource)), "", KEYS);
            StringBuilder sb = new StringBuilder();
            for (String key : List.of("paper", "source", "setup", "compare")) {
                if (top.containsKey(key)) {
                    sb.append(key).append(": ").append(yaml.scalar(top.get(key), key).strip()).append('\n');
                }
            }
            return Optional.of(sb.toString());
        } catch (StudyFileException e) {
            throw new IllegalStateException("built-in reference " + resource + " is broken: " + e.getMessage(), e);
        }
    }
}
