package org.dbstudy.jmeter;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.jmeter.samplers.SampleResult;
import org.dbstudy.databases.DatabaseEndpoint;

/**
 * Test helpers: a sampler configured for a database as JMeter would hand it over, and threads that
 * each own a sampler, as JMeter's threads each own a clone of the plan.
 */
final class Samplers {
    static {
        // Outside a JMeter engine there are no JMeter properties; give SampleResult empty ones.
        try {
            java.nio.file.Path props = java.nio.file.Files.createTempFile("jmeter", ".properties");
            org.apache.jmeter.util.JMeterUtils.loadJMeterProperties(props.toString());
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Samplers() {
    }

    static TransactionSampler sampler(DatabaseEndpoint db, String label, String statements) {
        TransactionSampler s = new TransactionSampler();
        s.setName(label);
        s.setUrl(db.url());
        s.setUser(db.user());
        s.setPassword(db.password() == null ? "" : db.password());
        s.setStatements(statements);
        return s;
    }

    /** Runs {@code threads} samplers at once, each {@code iterations} times; all results. */
    static List<SampleResult> runConcurrently(int threads, int iterations,
                                              java.util.function.IntFunction<TransactionSampler> factory) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<List<SampleResult>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                TransactionSampler sampler = factory.apply(t);
                Callable<List<SampleResult>> job = () -> {
                    List<SampleResult> out = new ArrayList<>();
                    try {
                        for (int i = 0; i < iterations; i++) {
                            out.add(sampler.sample(null));
                        }
                    } finally {
                        sampler.threadFinished();
                    }
                    return out;
                };
                futures.add(pool.submit(job));
            }
            List<SampleResult> all = new ArrayList<>();
            for (Future<List<SampleResult>> f : futures) {
                all.addAll(f.get());
            }
            return all;
        } finally {
            pool.shutdownNow();
        }
    }

    static SampleResult once(TransactionSampler s) {
        try {
            return s.sample(null);
        } finally {
            s.threadFinished();
        }
    }

    static void sql(DatabaseEndpoint db, String... statements) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (String sql : statements) {
                st.execute(sql);
            }
        }
    }

    /** The outcome class a result's message starts with. */
    static String outcome(SampleResult r) {
        String m = r.getResponseMessage();
        return r.isSuccessful() ? "success" : m.substring(0, m.indexOf(':'));
    }
}
