package org.dbstudy.jmeter.tpcc;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.util.JMeterUtils;
import org.dbstudy.databases.DatabaseEndpoint;
import org.dbstudy.jmeter.TransactionSampler;

/** Samplers set up for a procedure, as a plan would set them. */
public final class TpccSamplers {
    static {
        // Outside a JMeter engine there are no JMeter properties; give SampleResult empty ones.
        try {
            Path props = Files.createTempFile("jmeter", ".properties");
            JMeterUtils.loadJMeterProperties(props.toString());
            props.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private TpccSamplers() {
    }

    public static TransactionSampler procedure(DatabaseEndpoint db, String label, String procedure, String arguments) {
        TransactionSampler s = new TransactionSampler();
        s.setName(label);
        s.setUrl(db.url());
        s.setUser(db.user());
        s.setPassword(db.password() == null ? "" : db.password());
        s.setStatements("");
        s.setProcedure(procedure);
        s.setProcedureArguments(arguments);
        return s;
    }

    public static SampleResult load(DatabaseEndpoint db, String arguments) {
        TransactionSampler s = procedure(db, "tpcc-load", "TPCC_LOAD", arguments);
        s.setTransactionMode("AUTOCOMMIT");
        return once(s);
    }

    public static SampleResult once(TransactionSampler s) {
        try {
            return s.sample(null);
        } finally {
            s.threadFinished();
        }
    }
}
