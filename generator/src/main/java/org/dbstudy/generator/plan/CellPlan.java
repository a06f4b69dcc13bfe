package org.dbstudy.generator.plan;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.generator.design.Arrival;
import org.dbstudy.generator.design.Cell;
import org.dbstudy.generator.design.Factors;
import org.dbstudy.generator.design.Target;
import org.dbstudy.generator.sql.SqlDialect;
import org.dbstudy.generator.sql.SqlDialects;
import org.dbstudy.generator.study.Study;
import org.dbstudy.generator.workload.CellValues;
import org.dbstudy.generator.workload.CsvData;
import org.dbstudy.generator.workload.GroupSpec;
import org.dbstudy.generator.workload.RandomVariable;
import org.dbstudy.generator.workload.SamplerSpec;
import org.dbstudy.generator.workload.Transaction;
import org.dbstudy.generator.workload.Workload;
import org.dbstudy.jmeter.SamplerField;
import org.dbstudy.vocabulary.IsolationLevel;

/**
 * Everything one plan holds, as plain values: thread counts and times, the setUp and users'
 * samplers (workload SQL plus the factors every workload shares: isolation, lock, session settings,
 * connection; one sampler per transaction of the mix), random variables, CSV data and the arrival pattern
 * (start offsets and timer). {@link PlanBuilder}
 * turns it into JMeter elements.
 */
record CellPlan(String testPlanName, String comment, int users, long rampUpSeconds, long durationSeconds,
                Arrival.Pacing pacing, SamplerSpec setUp, List<Transaction> transactions, List<RandomVariable> randomVariables,
                List<CsvData> csvData, List<GroupSpec> groups, List<SamplerSpec> tearDown) {

    static CellPlan of(Study study, Cell cell) {
        CellValues values = values(study, cell);
        Map<String, String> canonical = values.factors();
        Map<String, String> parameters = values.parameters();
        SqlDialect sql = values.sql();
        Workload workload = study.workload();

        SamplerSpec setUp = connect(workload.setUp(values), cell.target(), sql);
        List<Transaction> transactions = workload.transactions(values);
        for (Transaction t : transactions) {
            connect(t.sampler(), cell.target(), sql);
            // One lock for a whole mix (the lock factor serializes the users' samples, whichever transaction).
            String lock = "dbstudy-" + (transactions.size() == 1 ? t.sampler().label() : "mix");
            applyFactors(t.sampler(), values, canonical, study, t.fixed(), lock);
        }
        // Groups beside the users run under the same isolation, lock and session factors (CH-benCHmark's
        // analytical users ran at the benchmark's isolation level).
        List<GroupSpec> groups = workload.moreGroups(values);
        for (GroupSpec g : groups) {
            applyFactors(connect(g.sampler(), cell.target(), sql), values, canonical, study, Set.of(),
                    "dbstudy-" + g.sampler().label());
        }
        List<SamplerSpec> tearDown = workload.tearDown(values);
        tearDown.forEach(t -> connect(t, cell.target(), sql));

        long delay = new BigDecimal(values.factor("interval", "0")).multiply(BigDecimal.valueOf(1000))
                .setScale(0, RoundingMode.HALF_UP).longValueExact();
        int users = Integer.parseInt(values.factor(Factors.USERS, "1"));
        Arrival.Pacing pacing = study.arrival().pacing(delay, users, study.rampUpSeconds());
        if (pacing.timer() != null) {
            // Every timer's mean pause is the interval: the sampler's schedule for the intended start.
            transactions.forEach(t -> t.sampler().set(SamplerField.PAUSE_MS, Long.toString(delay)));
        }
        return new CellPlan(study.name() + "/" + cell.id(), comment(study, cell, parameters, pacing), users,
                study.rampUpSeconds(), study.durationSeconds(), pacing, setUp, transactions, workload.randomVariables(values),
                workload.csvData(values), groups, tearDown);
    }

    /** What the workload sees of a cell: its factors (canonical names), parameters (factors over them), dialect. */
    static CellValues values(Study study, Cell cell) {
        Map<String, String> canonical = new LinkedHashMap<>();
        cell.factors().forEach((k, v) -> canonical.put(Factors.canonical(k), v));
        Map<String, String> parameters = new LinkedHashMap<>(study.parameters());
        parameters.replaceAll((k, v) -> canonical.getOrDefault(k, v));
        return new CellValues(canonical, parameters, SqlDialects.of(cell.target().kind()), cell.replicate());
    }

    /** The factors every workload shares; a transaction that fixes its own isolation level or lock keeps it. */
    private static void applyFactors(SamplerSpec sample, CellValues values, Map<String, String> canonical,
                                     Study study, Set<SamplerField> fixed, String lockName) {
        if (!fixed.contains(SamplerField.ISOLATION_LEVEL)) {
            sample.set(SamplerField.ISOLATION_LEVEL, values.factor(Factors.ISOLATION, IsolationLevel.DEFAULT.name()));
        }
        sample.set(SamplerField.CONNECTION_SCOPE, study.connectionScope());
        sample.set(SamplerField.PRIME, Integer.toString(study.prime()));
        if ("get_lock".equals(values.factor("lock", "none")) && !fixed.contains(SamplerField.LOCK_NAME)) {
            sample.namedLock(lockName, sample.get(SamplerField.LOCK_TIMEOUT_SECONDS));
        }
        StringBuilder session = new StringBuilder();
        canonical.forEach((k, v) -> {
            if (k.startsWith(Factors.SESSION_PREFIX)) {
                session.append(k.substring(Factors.SESSION_PREFIX.length())).append('=').append(v).append('\n');
            }
        });
        sample.set(SamplerField.SESSION_SETTINGS, session.toString());
    }

    private static SamplerSpec connect(SamplerSpec spec, Target target, SqlDialect sql) {
        return spec.set(SamplerField.URL, "${__P(db.url," + functionArgument(target.url()) + ")}")
                .set(SamplerField.USER, "${__P(db.user," + functionArgument(target.user()) + ")}")
                .set(SamplerField.PASSWORD, "${__P(db.password,)}")
                .set(SamplerField.DIALECT, sql.samplerDialect());
    }

    /** A JMeter function argument: a comma must be written as {@code \\,}. */
    private static String functionArgument(String value) {
        return value.replace(",", "\\,");
    }

    private static String comment(Study study, Cell cell, Map<String, String> parameters, Arrival.Pacing pacing) {
        StringBuilder sb = new StringBuilder();
        sb.append("dbstudy study ").append(study.name()).append(", cell ").append(cell.id())
                .append(", replicate ").append(cell.replicate()).append('\n');
        cell.factors().forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        sb.append("template=").append(study.template()).append('\n');
        parameters.forEach((k, v) -> sb.append("parameter ").append(k).append('=').append(v).append('\n'));
        sb.append("arrival=").append(pacing.description()).append('\n');
        sb.append("target=").append(cell.target().name()).append(" (").append(cell.target().kind().id()).append(")\n");
        sb.append("Connection: -Jdb.url, -Jdb.user and -Jdb.password override the target's URL and user.");
        return sb.toString();
    }
}
