package org.dbstudy.jmeter.chbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import org.dbstudy.jmeter.procedure.InvalidSettingException;
import org.dbstudy.jmeter.procedure.Arguments;
import org.dbstudy.jmeter.procedure.NamedSql;
import org.dbstudy.jmeter.procedure.Procedure;
import org.dbstudy.jmeter.procedure.ProcedureFailedException;
import org.dbstudy.jmeter.procedure.TryContext;
import org.dbstudy.vocabulary.ResponseMessages;
import org.dbstudy.vocabulary.DatabaseKind;

/**
 * CH_EXPLAIN: after a cell, each chosen query's plan with actual times, in the server's own words:
 * PostgreSQL {@code EXPLAIN (ANALYZE, BUFFERS)}, MariaDB {@code ANALYZE FORMAT=JSON}, MySQL
 * {@code EXPLAIN ANALYZE} (chosen by the server, not the driver). The plans are the sample's response
 * data and, with {@code file}, written to that file.
 */
final class ChExplain implements Procedure {
    static final List<String> ARGUMENTS = List.of("queries", "file");

    private final NamedSql sql;
    private final List<String> queries;
    private final String file;

    ChExplain(Arguments a, NamedSql sql) throws InvalidSettingException {
        this.sql = sql;
        queries = ChQuery.queries(a);
        file = a.text("file", "");
    }

    @Override
    public void run(TryContext ctx) throws SQLException, ProcedureFailedException {
        String prefix = prefix(ctx);
        StringBuilder out = new StringBuilder();
        for (String q : queries) {
            long start = System.currentTimeMillis();
            out.append("== ").append(q).append(" (").append(prefix.strip()).append(") ==\n");
            try (Statement s = ctx.connection().createStatement();
                 ResultSet rs = s.executeQuery(prefix + sql.sql(q, ctx.dialect()))) {
                while (rs.next()) {
                    out.append(rs.getString(1)).append('\n');
                }
            }
            ctx.subResult(q, start, true);
            out.append(String.format(Locale.ROOT, "-- %s explained in %.3f s%n%n", q,
                    (System.currentTimeMillis() - start) / 1000.0));
        }
        ctx.responseData(out.toString());
        ctx.note(ResponseMessages.plans(queries.size(), file));
        if (!file.isEmpty()) {
            try {
                Path path = Path.of(file);
                if (path.getParent() != null) {
                    Files.createDirectories(path.getParent());
                }
                Files.writeString(path, out, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new ProcedureFailedException("argument 'file': cannot write " + file + ": " + e.getMessage(), false);
            }
        }
    }

    private static String prefix(TryContext ctx) throws SQLException {
        return switch (ctx.dialect().kind()) {
            case POSTGRESQL -> "EXPLAIN (ANALYZE, BUFFERS) ";
            case MYSQL, MARIADB -> {
                // MariaDB reports itself in its version text even to MySQL's driver.
                String version = ctx.connection().getMetaData().getDatabaseProductVersion();
                DatabaseKind server = DatabaseKind.fromServerText(version);
                yield switch (server == null ? ctx.dialect().kind() : server) {
                    case MARIADB -> "ANALYZE FORMAT=JSON ";
                    case MYSQL, POSTGRESQL -> "EXPLAIN ANALYZE ";
                };
            }
        };
    }
}
