package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.dbstudy.analysis.cells.Accumulator;
import org.dbstudy.analysis.cells.CellResult;
import org.dbstudy.analysis.cells.ErrorMessages;
import org.dbstudy.analysis.statistics.StudyResult;
import org.dbstudy.vocabulary.Outcome;
import org.dbstudy.analysis.report.format.Fmt;
import org.dbstudy.analysis.report.format.Html;

/**
 * Failed samples by class (as the dbstudy sampler or its SQLState classified them), each linked to
 * what the class means, then the most frequent response codes and messages of every label, as
 * JMeter's dashboard lists its "Top 5 Errors by sampler".
 */
final class ErrorsSection implements ReportSection {
    static final int TOP = 5;

    @Override
    public String id() {
        return "errors";
    }

    @Override
    public String title() {
        return "Errors";
    }

    @Override
    public boolean applies(ReportPage page) {
        return page.result().cells().stream().anyMatch(c -> c.stats().errors() > 0);
    }

    @Override
    public void write(Html h, ReportPage page) {
        StudyResult r = page.result();
        long samples = r.samples();
        long errors = r.cells().stream().mapToLong(c -> c.stats().errors()).sum();
        h.h2(id(), "Errors");
        long cutOff = r.retryingAtEnd();
        h.p(errors + " of " + samples + " samples failed (" + Fmt.num(100.0 * errors / Math.max(1, samples), 2) + " %)."
                + (cutOff == 0 ? "" : " " + cutOff + " more were still retrying when their cell's window ended"
                + " (retrying_at_end): cut off by the cell, not failed, and not counted above."));
        List<List<String>> rows = new ArrayList<>();
        for (Outcome o : r.outcomesSeen()) {
            long n = r.cells().stream().mapToLong(c -> c.accumulator().errors(o)).sum();
            long cells = r.cells().stream().filter(c -> c.accumulator().errors(o) > 0).count();
            rows.add(List.of(o.label(), Long.toString(n), Fmt.num(100.0 * n / Math.max(1, samples), 2),
                    Fmt.num(100.0 * n / Math.max(1, errors), 1), cells + " of " + r.cells().size()));
        }
        h.table(List.of("class", "samples", "% of all samples", "% of errors", "cells"), rows);
        h.raw("<dl class=classes>");
        for (Outcome o : r.outcomesSeen()) {
            h.raw("<dt id=\"class-").raw(o.label()).raw("\">").raw(o.label()).raw("</dt><dd>")
                    .raw(Html.escape(explanation(o))).raw("</dd>");
        }
        h.raw("</dl>\n");
        List<List<String>> top = new ArrayList<>();
        byLabel(r).forEach((label, messages) -> {
            for (ErrorMessages.Count c : messages.top(TOP)) {
                top.add(List.of(label, c.code(), c.message(), Long.toString(c.count())));
            }
        });
        h.h3("Top " + TOP + " errors per label");
        h.table(List.of("label", "response code", "response message", "samples"), top);
    }

    /** Each label's failed samples over every cell (a cell's own, without a manifest). */
    private static Map<String, ErrorMessages> byLabel(StudyResult r) {
        Map<String, ErrorMessages> out = new LinkedHashMap<>();
        for (CellResult c : r.cells()) {
            Map<String, Accumulator> labels = c.labels().isEmpty() ? Map.of(c.name(), c.accumulator()) : c.labels();
            labels.forEach((label, acc) -> {
                if (!acc.errorMessages().isEmpty()) {
                    out.computeIfAbsent(label, k -> new ErrorMessages()).addAll(acc.errorMessages());
                }
            });
        }
        return out;
    }

    /** What an outcome class means, in a reader's words, with the codes that lead to it. */
    static String explanation(Outcome o) {
        return switch (o.label()) {
            case "too_many_connections" -> "The server refused a connection: more clients than max_connections"
                    + " (PostgreSQL 53300, MySQL/MariaDB 1040). Not slow queries: the load did not reach the server.";
            case "serialization_failure" -> "The transaction could not be serialized with concurrent ones and was rolled"
                    + " back (PostgreSQL 40001 under REPEATABLE READ or SERIALIZABLE); retrying it is the expected response.";
            case "deadlock" -> "Two or more transactions waited for each other's locks; the server rolled one back"
                    + " (PostgreSQL 40P01, MySQL/MariaDB 1213).";
            case "lock_timeout" -> "A lock was not granted within the lock wait timeout (PostgreSQL 55P03 with"
                    + " lock_timeout, MySQL/MariaDB 1205 innodb_lock_wait_timeout, or GET_LOCK returning 0).";
            case "lock_not_available" -> "A NOWAIT or SKIP LOCKED request found the row or lock taken.";
            case "statement_timeout" -> "The statement ran longer than its timeout and was cancelled (PostgreSQL 57014).";
            case "connection_lost" -> "The connection broke during the sample (SQLState class 08): server restart, network"
                    + " or the server ending the session.";
            case "constraint_violation" -> "A statement broke a constraint (SQLState class 23): duplicate key, foreign key.";
            case "syntax_error" -> "The server rejected the SQL (SQLState class 42): a plan or workload mistake.";
            case "not_applied" -> "The server did not apply what the cell asked for (isolation level, setting, lock): the"
                    + " cell stopped, its numbers are not the experiment's.";
            case "configuration_error" -> "A sampler field had a value that cannot work: the cell stopped.";
            default -> "Failed for another reason: see the response codes and messages below (" + o.label()
                    .toUpperCase(Locale.ROOT) + ").";
        };
    }
}
