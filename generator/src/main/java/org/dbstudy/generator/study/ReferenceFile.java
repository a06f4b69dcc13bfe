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
    private static final List<String> KEYS = List.of("paper", "source", "setup", "compare", "claims");

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
        String paperSource = yaml.scalar(top.get("source"), "source");
        List<Claim> claims = new ClaimParser(yaml, study.design().factors())
                .claims(top.get("claims"), "claims", Claim.Origin.PAPER, paperSource);
        if (!yaml.problems().isEmpty()) {
            throw StudyFileException.all(yaml.problems());
        }
        return study.withClaims(claims);
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
