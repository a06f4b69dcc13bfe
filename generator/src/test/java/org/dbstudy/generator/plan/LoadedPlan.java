package org.dbstudy.generator.plan;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.jmeter.config.RandomVariableConfig;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.dbstudy.jmeter.TransactionSampler;

/** A plan read back with SaveService.loadTree, and the elements the tests look at. */
record LoadedPlan(TestPlan testPlan, SetupThreadGroup setUp, ThreadGroup users, List<ConstantTimer> timers,
                  List<RandomVariableConfig> randomVariables, TransactionSampler setUpSampler,
                  TransactionSampler sampler, List<ResultCollector> listeners) {

    static LoadedPlan load(Path file) throws IOException {
        JMeterEnvironment.ensureReady();
        HashTree tree = SaveService.loadTree(file.toFile());
        TestPlan plan = one(tree, TestPlan.class);
        SetupThreadGroup setUp = one(tree, SetupThreadGroup.class);
        ThreadGroup users = all(tree, ThreadGroup.class).stream().filter(g -> !(g instanceof SetupThreadGroup))
                .findFirst().orElseThrow();
        List<TransactionSampler> samplers = all(tree, TransactionSampler.class);
        if (samplers.size() < 2) {
            throw new AssertionError(file + ": expected a setUp and a users' sampler, found " + samplers.size());
        }
        return new LoadedPlan(plan, setUp, users, all(tree, ConstantTimer.class), all(tree, RandomVariableConfig.class),
                samplers.get(0), samplers.get(1), all(tree, ResultCollector.class));
    }

    static String prop(TestElement e, String name) {
        if (e.getProperty(name) == null || e.getProperty(name) instanceof org.apache.jmeter.testelement.property.NullProperty) {
            throw new AssertionError(e.getName() + " has no property " + name);
        }
        return e.getPropertyAsString(name);
    }

    private static <T> T one(HashTree tree, Class<T> type) {
        List<T> found = all(tree, type);
        if (found.size() != 1) {
            throw new AssertionError("expected one " + type.getSimpleName() + ", found " + found.size());
        }
        return found.get(0);
    }

    private static <T> List<T> all(HashTree tree, Class<T> type) {
        SearchByClass<T> search = new SearchByClass<>(type);
        tree.traverse(search);
        return List.copyOf(search.getSearchResults());
    }
}
