package org.dbstudy.generator.plan;

import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.config.CSVDataSet;
import org.apache.jmeter.config.RandomVariableConfig;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.control.OnceOnlyController;
import org.apache.jmeter.control.SwitchController;
import org.apache.jmeter.reporters.ResultCollector;
import org.apache.jmeter.sampler.TestAction;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.PostThreadGroup;
import org.apache.jmeter.threads.SetupThreadGroup;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.timers.ConstantTimer;
import org.apache.jmeter.timers.GaussianRandomTimer;
import org.apache.jmeter.timers.PoissonRandomTimer;
import org.apache.jmeter.timers.RandomTimer;
import org.apache.jmeter.timers.UniformRandomTimer;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.dbstudy.generator.design.Arrival;
import org.dbstudy.generator.workload.CsvData;
import org.dbstudy.generator.workload.GroupSpec;
import org.dbstudy.generator.workload.RandomVariable;
import org.dbstudy.generator.workload.SamplerSpec;
import org.dbstudy.generator.workload.Transaction;
import org.dbstudy.jmeter.TransactionSampler;

/**
 * Turns a {@link CellPlan} into a JMeter test tree: a test plan, a setUp thread group (one thread,
 * one loop, stop the test on error), the users' thread group (scheduler on, loops forever) with
 * random variables and CSV data, a start offset per user, the sampler and its timer (for a mix of
 * transactions, a Switch Controller over one sampler per transaction, each with its timer), a tearDown
 * thread group when the workload checks the cell, and a disabled View Results Tree. Every value is written as a stringProp, so a user may replace any of them by {@code ${__P(…)}}.
 *
 * <p>The start offset is a Flow Control Action (pause, no sample recorded) in a Once Only Controller:
 * user k of n pauses {@code (k − 1) × spread / n} ms before its first request, computed by
 * {@code __jexl3} once per user (n from the thread group). It keeps the plan standalone (stock JMeter) where a ramp-up could not:
 * JMeter's ramp-up is whole seconds, shorter than most intervals. The timer is the sampler's child, so
 * that it does not also delay the pause.
 */
final class PlanBuilder {
    private static final String TEST_BEAN_GUI = "org.apache.jmeter.testbeans.gui.TestBeanGUI";
    /** The plugin's JMeter function that draws a transaction name by weight. */
    static final String MIX_FUNCTION = "dbstudyPick";

    private PlanBuilder() {
    }

    static ListedHashTree build(CellPlan plan) {
        TestPlan testPlan = named(new TestPlan(), plan.testPlanName(), "org.apache.jmeter.control.gui.TestPlanGui");
        testPlan.setComment(plan.comment());
        testPlan.setFunctionalMode(false);
        testPlan.setSerialized(false);
        testPlan.setTearDownOnShutdown(true);
        testPlan.setUserDefinedVariables(named(new Arguments(), "User Defined Variables",
                "org.apache.jmeter.config.gui.ArgumentsPanel"));

        ListedHashTree root = new ListedHashTree();
        HashTree planTree = root.add(testPlan);

        SetupThreadGroup setUp = threadGroup(new SetupThreadGroup(), "setUp",
                "org.apache.jmeter.threads.gui.SetupThreadGroupGui", AbstractThreadGroup.ON_SAMPLE_ERROR_STOPTEST, "1");
        setUp.setProperty(ThreadGroup.NUM_THREADS, "1");
        setUp.setProperty(ThreadGroup.RAMP_TIME, "0");
        planTree.add(setUp).add(sampler(plan.setUp()));

        ThreadGroup users = threadGroup(new ThreadGroup(), "users", "org.apache.jmeter.threads.gui.ThreadGroupGui",
                AbstractThreadGroup.ON_SAMPLE_ERROR_CONTINUE, "-1");
        users.setProperty(ThreadGroup.NUM_THREADS, Integer.toString(plan.users()));
        users.setProperty(ThreadGroup.RAMP_TIME, Long.toString(plan.rampUpSeconds()));
        users.setProperty(ThreadGroup.SCHEDULER, true);
        users.setProperty(ThreadGroup.DURATION, Long.toString(plan.durationSeconds()));
        users.setProperty(ThreadGroup.DELAY, "0");
        HashTree usersTree = planTree.add(users);
        for (RandomVariable v : plan.randomVariables()) {
            usersTree.add(randomVariable(v));
        }
        for (CsvData csv : plan.csvData()) {
            usersTree.add(csvDataSet(csv));
        }
        Arrival.Pacing pacing = plan.pacing();
        if (pacing.spreadMs() > 0) {
            usersTree.add(named(new OnceOnlyController(), "start offset",
                    "org.apache.jmeter.control.gui.OnceOnlyControllerGui")).add(startOffset(pacing.spreadMs()));
        }
        List<Transaction> transactions = plan.transactions();
        // A mix: a stock Switch Controller runs the child named by the plugin's weighted draw.
        HashTree mixTree = transactions.size() == 1 ? usersTree : usersTree.add(mix(transactions));
        for (Transaction t : transactions) {
            HashTree samplerTree = mixTree.add(sampler(t.sampler()));
            if (pacing.timer() != null) {
                samplerTree.add(timer(pacing));
            }
        }

        for (GroupSpec g : plan.groups()) {
            ThreadGroup group = threadGroup(new ThreadGroup(), g.name(), "org.apache.jmeter.threads.gui.ThreadGroupGui",
                    AbstractThreadGroup.ON_SAMPLE_ERROR_CONTINUE, "-1");
            group.setProperty(ThreadGroup.NUM_THREADS, Integer.toString(g.threads()));
            group.setProperty(ThreadGroup.RAMP_TIME, Long.toString(plan.rampUpSeconds()));
            group.setProperty(ThreadGroup.SCHEDULER, true);
            group.setProperty(ThreadGroup.DURATION, Long.toString(plan.durationSeconds()));
            group.setProperty(ThreadGroup.DELAY, "0");
            planTree.add(group).add(sampler(g.sampler()));
        }
        if (!plan.tearDown().isEmpty()) {
            // After the users: checks and plans of the cell's final state; an error does not stop the others.
            PostThreadGroup tearDown = threadGroup(new PostThreadGroup(), "tearDown",
                    "org.apache.jmeter.threads.gui.PostThreadGroupGui", AbstractThreadGroup.ON_SAMPLE_ERROR_CONTINUE, "1");
            tearDown.setProperty(ThreadGroup.NUM_THREADS, "1");
            tearDown.setProperty(ThreadGroup.RAMP_TIME, "0");
            HashTree tearDownTree = planTree.add(tearDown);
            plan.tearDown().forEach(s -> tearDownTree.add(sampler(s)));
        }

        ResultCollector tree = named(new ResultCollector(), "View Results Tree",
                "org.apache.jmeter.visualizers.ViewResultsFullVisualizer");
        tree.setEnabled(false);
        planTree.add(tree);
        return root;
    }

    private static <T extends AbstractThreadGroup> T threadGroup(T group, String name, String gui, String onError,
                                                                 String loops) {
        named(group, name, gui);
        group.setProperty(AbstractThreadGroup.ON_SAMPLE_ERROR, onError);
        LoopController loop = named(new LoopController(), "Loop Controller",
                "org.apache.jmeter.control.gui.LoopControlPanel");
        loop.setProperty("LoopController.continue_forever", false);
        loop.setProperty(LoopController.LOOPS, loops);
        group.setSamplerController(loop);
        group.setProperty(ThreadGroup.IS_SAME_USER_ON_NEXT_ITERATION, true);
        return group;
    }

    /** Draws one transaction per sample by weight: {@code ${__dbstudyPick(transfer:45,balance:55)}}. */
    private static SwitchController mix(List<Transaction> transactions) {
        SwitchController mix = named(new SwitchController(), "mix", "org.apache.jmeter.control.gui.SwitchControllerGui");
        mix.setSelection("${__" + MIX_FUNCTION + "(" + String.join(",",
                transactions.stream().map(t -> t.sampler().label() + ":" + t.weight()).toList()) + ")}");
        return mix;
    }

    /** A stock CSV Data Set Config: every user reads the next row, the file recycled at its end. */
    private static CSVDataSet csvDataSet(CsvData csv) {
        CSVDataSet config = named(new CSVDataSet(), "csv " + csv.file(), TEST_BEAN_GUI);
        config.setProperty("filename", csv.file());
        config.setProperty("fileEncoding", "UTF-8");
        config.setProperty("variableNames", String.join(",", csv.columns()));
        config.setProperty("ignoreFirstLine", false);
        config.setProperty("delimiter", ",");
        config.setProperty("quotedData", false);
        config.setProperty("recycle", true);
        config.setProperty("stopThread", false);
        config.setProperty("shareMode", "shareMode.all");
        return config;
    }

    private static TransactionSampler sampler(SamplerSpec spec) {
        TransactionSampler sampler = named(new TransactionSampler(), spec.label(), TransactionSampler.GUI_CLASS);
        for (Map.Entry<String, String> p : spec.properties().entrySet()) {
            sampler.setProperty(p.getKey(), p.getValue());
        }
        return sampler;
    }

    /**
     * Pauses user k of n for (k − 1) × spread / n ms (integer arithmetic in JEXL); n is read from the
     * thread group, so the spread still holds when someone changes the users in the GUI.
     */
    private static TestAction startOffset(long spreadMs) {
        TestAction pause = named(new TestAction(), "start offset (no sample)", "org.apache.jmeter.sampler.gui.TestActionGui");
        pause.setAction(TestAction.PAUSE);
        pause.setTarget(TestAction.THREAD);
        pause.setDuration("${__jexl3((${__threadNum} - 1) * " + spreadMs + " / ctx.getThreadGroup().getNumThreads())}");
        return pause;
    }

    private static ConstantTimer timer(Arrival.Pacing pacing) {
        ConstantTimer timer = switch (pacing.timer()) {
            case CONSTANT -> new ConstantTimer();
            case UNIFORM -> new UniformRandomTimer();
            case GAUSSIAN -> new GaussianRandomTimer();
            case POISSON -> new PoissonRandomTimer();
        };
        named(timer, "interval", pacing.timer().guiClass);
        timer.setProperty(ConstantTimer.DELAY, Long.toString(pacing.delayMs()));
        if (timer instanceof RandomTimer) {
            timer.setProperty(RandomTimer.RANGE, Long.toString(pacing.rangeMs()));
        }
        return timer;
    }

    private static RandomVariableConfig randomVariable(RandomVariable v) {
        RandomVariableConfig config = named(new RandomVariableConfig(), "random " + v.name(), TEST_BEAN_GUI);
        config.setProperty("variableName", v.name());
        config.setProperty("outputFormat", "");
        config.setProperty("minimumValue", Long.toString(v.min()));
        config.setProperty("maximumValue", Long.toString(v.max()));
        config.setProperty("randomSeed", "");
        config.setProperty("perThread", "true");
        return config;
    }

    private static <T extends AbstractTestElement> T named(T element, String name, String guiClass) {
        element.setName(name);
        element.setProperty(TestElement.GUI_CLASS, guiClass);
        element.setProperty(TestElement.TEST_CLASS, element.getClass().getName());
        return element;
    }
}
