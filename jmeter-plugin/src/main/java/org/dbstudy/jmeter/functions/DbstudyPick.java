package org.dbstudy.jmeter.functions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.engine.util.CompoundVariable;
import org.apache.jmeter.functions.AbstractFunction;
import org.apache.jmeter.functions.InvalidVariableException;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.samplers.Sampler;

/**
 * {@code ${__dbstudyPick(transfer:45,balance:55)}}: one of the names, with probability weight / sum of
 * weights, drawn per call from the calling thread's generator. Meant as the value of a stock Switch
 * Controller whose children are one sampler per transaction, each named by its transaction (the
 * controller runs the child whose name equals the value).
 *
 * <p>JMeter shares one instance among the threads of a plan, so it holds only immutable state. Constant
 * arguments (the usual case) are parsed once, when the plan is compiled, and a bad one stops it there;
 * arguments with {@code ${...}} in them are parsed at their first call and again only when their text
 * changes.
 */
public final class DbstudyPick extends AbstractFunction {
    static final String KEY = "__dbstudyPick";

    private CompoundVariable[] arguments = new CompoundVariable[0];
    /** No argument has a {@code ${...}}: the texts parsed in {@link #setParameters} stay the texts. */
    private boolean constant;
    /** The arguments' texts and their mix: replaced whole, so a thread never sees one without the other. */
    private volatile Parsed parsed;

    private record Parsed(List<String> texts, WeightedMix mix) {
    }

    @Override
    public String getReferenceKey() {
        return KEY;
    }

    @Override
    public List<String> getArgumentDesc() {
        return List.of("name:weight (a sampler's name and its weight, e.g. transfer:45)", "name:weight ...");
    }

    @Override
    public void setParameters(Collection<CompoundVariable> parameters) throws InvalidVariableException {
        arguments = parameters.toArray(new CompoundVariable[0]);
        boolean noFunction = true;
        for (CompoundVariable argument : arguments) {
            noFunction &= !argument.hasFunction();
        }
        constant = noFunction;
        parsed = constant ? parse(texts()) : null;
    }

    @Override
    public String execute(SampleResult previousResult, Sampler currentSampler) throws InvalidVariableException {
        Parsed now = parsed;
        if (!constant) {
            List<String> texts = texts();
            if (now == null || !now.texts.equals(texts)) {
                now = parse(texts);
                parsed = now;
            }
        }
        return now.mix.pick(ThreadLocalRandom.current().nextDouble());
    }

    private List<String> texts() {
        List<String> texts = new ArrayList<>(arguments.length);
        for (CompoundVariable argument : arguments) {
            texts.add(argument.execute());
        }
        return texts;
    }

    private static Parsed parse(List<String> texts) throws InvalidVariableException {
        return new Parsed(List.copyOf(texts), WeightedMix.parse(KEY, texts));
    }
}
