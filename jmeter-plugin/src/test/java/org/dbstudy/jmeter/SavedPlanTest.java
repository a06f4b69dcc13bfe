package org.dbstudy.jmeter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Component;
import java.awt.Container;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JTabbedPane;
import org.apache.jmeter.save.SaveService;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plans saved by the TestBean version (0.1.0, {@code sampler-saved-by-0.1.0.jmx}, every field off its
 * default) still load, open in the new form with every value in place, and save again unchanged;
 * the sampler still travels to remote agents by Java serialization.
 */
class SavedPlanTest {
    private static final String FIXTURE = "sampler-saved-by-0.1.0.jmx";
    /** The values in the fixture, as saved by 0.1.0. */
    private static final Map<String, String> SAVED = new LinkedHashMap<>();
    /** Fields 0.1.0 did not have. */
    private static final List<SamplerField> ADDED_SINCE_0_1_0 = List.of(SamplerField.PROCEDURE,
            SamplerField.PROCEDURE_ARGUMENTS, SamplerField.RANDOM_VALUES, SamplerField.PRIME, SamplerField.PAUSE_MS,
            SamplerField.OWNED_TABLES);

    static {
        String[][] v = {
            {"dataSource", "pool-${n}"}, {"url", "${__P(db.url,jdbc:postgresql://127.0.0.1:5432/test)}"},
            {"user", "${__P(db.user,alice)}"}, {"password", "${__P(db.password,)}"}, {"passwordEnv", "DBSTUDY_PW"},
            {"dialect", "MARIADB"}, {"connectionScope", "SAMPLE"},
            {"statements", "UPDATE a SET b = b + ? WHERE id = ?;\nSELECT b FROM a WHERE id = ?;\n"},
            {"parameters", "${delta},${aid}\n${aid}"}, {"transactionMode", "AUTOCOMMIT"},
            {"isolationLevel", "${isolation}"}, {"batchRows", "7"}, {"keepRows", "true"},
            {"lockMode", "NAMED_LOCK"}, {"lockName", "account-${aid}"}, {"lockTimeoutSeconds", "2.5"},
            {"lockScope", "TRANSACTION"}, {"statementTimeoutMs", "1500"}, {"lockWaitTimeoutMs", "250"},
            {"sessionSettings", "work_mem=64MB\nrandom_page_cost=1.1"}, {"maxTries", "3"},
            {"retryOn", "SERIALIZATION_DEADLOCK_AND_LOCK_TIMEOUT"}, {"backoffMs", "25"}, {"subResults", "true"}};
        for (String[] p : v) {
            SAVED.put(p[0], p[1]);
        }
    }

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterHome() throws IOException {
        Path bin = Files.createDirectories(home.resolve("bin"));
        for (String name : new String[] {"jmeter.properties", "saveservice.properties", "upgrade.properties"}) {
            try (InputStream in = JMeterUtils.class.getResourceAsStream("/bin/" + name)) {
                assertNotNull(in, name + " from ApacheJMeter_config");
                Files.write(bin.resolve(name), in.readAllBytes());
            }
        }
        JMeterUtils.setJMeterHome(home.toString());
        JMeterUtils.loadJMeterProperties(bin.resolve("jmeter.properties").toString());
        JMeterUtils.setLocale(java.util.Locale.ENGLISH);
    }

    private static TransactionSampler load() throws Exception {
        Path plan = home.resolve(FIXTURE);
        try (InputStream in = SavedPlanTest.class.getResourceAsStream(FIXTURE)) {
            Files.write(plan, in.readAllBytes());
        }
        HashTree tree = SaveService.loadTree(plan.toFile());
        return (TransactionSampler) tree.getArray()[0];
    }

    @Test
    void aPlanSavedByTheTestBeanVersionLoadsWithEveryValue() throws Exception {
        TransactionSampler s = load();
        assertEquals("legacy sampler", s.getName());
        assertEquals(SamplerField.values().length - ADDED_SINCE_0_1_0.size(), SAVED.size(),
                "the fixture sets every field 0.1.0 had");
        for (Map.Entry<String, String> e : SAVED.entrySet()) {
            assertEquals(e.getValue(), s.getPropertyAsString(e.getKey()), e.getKey());
        }
        for (SamplerField f : ADDED_SINCE_0_1_0) {
            // Absent from an old plan: empty, so the plan runs its statement list as before.
            assertEquals("", s.getPropertyAsString(f.key()), f.key());
        }
        assertEquals(TransactionSampler.GUI_CLASS, s.getPropertyAsString(TestElement.GUI_CLASS),
                "the TestBean GUI of an old plan is replaced by the sampler's own form");
        assertEquals(TransactionSampler.class.getName(), s.getPropertyAsString(TestElement.TEST_CLASS));
    }

    @Test
    void anOldPlanOpensInTheNewFormWithEveryValueInPlaceAndSavesTheSame() throws Exception {
        TransactionSampler old = load();
        TransactionSamplerGui gui = new TransactionSamplerGui();
        gui.configure(old);
        TestElement saved = gui.createTestElement();
        gui.modifyTestElement(saved);
        for (Map.Entry<String, String> e : SAVED.entrySet()) {
            assertEquals(e.getValue(), saved.getPropertyAsString(e.getKey()), "form value of " + e.getKey());
        }
        assertEquals("legacy sampler", saved.getName());
        assertEquals(TransactionSamplerGui.class.getName(), saved.getPropertyAsString(TestElement.GUI_CLASS));
        assertEquals(TransactionSampler.GUI_CLASS, TransactionSamplerGui.class.getName());
    }

    @Test
    void everyFieldIsInATabWithALabelAndATooltip() {
        TransactionSamplerGui gui = new TransactionSamplerGui();
        JTabbedPane tabs = find(gui, JTabbedPane.class).get(0);
        assertEquals(SamplerField.Group.values().length, tabs.getTabCount(), "one tab per group");
        int labelled = 0;
        for (int i = 0; i < tabs.getTabCount(); i++) {
            for (JLabel label : find((Container) tabs.getComponentAt(i), JLabel.class)) {
                if (label.getLabelFor() != null) {
                    assertFalse(label.getToolTipText() == null || label.getToolTipText().isBlank(), label.getText());
                    assertFalse(((JComponent) label.getLabelFor()).getToolTipText().isBlank(), label.getText());
                    labelled++;
                }
            }
        }
        assertEquals(SamplerField.values().length, labelled, "every field has a labelled editor");
    }

    @Test
    void aLoadedSamplerTravelsToRemoteAgentsWithItsValues() throws Exception {
        TransactionSampler s = load();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(s);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            TransactionSampler copy = (TransactionSampler) in.readObject();
            for (Map.Entry<String, String> e : SAVED.entrySet()) {
                assertEquals(e.getValue(), copy.getPropertyAsString(e.getKey()), e.getKey());
            }
        }
    }

    private static <T extends Component> List<T> find(Container root, Class<T> type) {
        List<T> out = new ArrayList<>();
        for (Component c : root.getComponents()) {
            if (type.isInstance(c)) {
                out.add(type.cast(c));
            }
            if (c instanceof Container inner) {
                out.addAll(find(inner, type));
            }
        }
        return out;
    }
}
