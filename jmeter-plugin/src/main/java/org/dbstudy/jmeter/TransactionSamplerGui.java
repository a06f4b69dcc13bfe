package org.dbstudy.jmeter;

import java.awt.BorderLayout;
import java.awt.GridBagConstraints;
import java.awt.GridBagLayout;
import java.awt.Insets;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import javax.swing.JComboBox;
import javax.swing.JComponent;
import javax.swing.JLabel;
import javax.swing.JPanel;
import javax.swing.JPasswordField;
import javax.swing.JTabbedPane;
import javax.swing.JTextField;
import javax.swing.text.JTextComponent;
import org.apache.jmeter.gui.util.JSyntaxTextArea;
import org.apache.jmeter.gui.util.JTextScrollPane;
import org.apache.jmeter.samplers.gui.AbstractSamplerGui;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The sampler's form: the element's name and comment, then one tab per {@link SamplerField.Group}
 * (connection, statements, transaction and isolation, named lock, timeouts and retries, results), so
 * every group is one click away and none sits below a tall SQL box. Built from {@link SamplerField};
 * labels and tooltips come from {@code TransactionSamplerResources}. SQL is edited in JMeter's own
 * syntax-highlighting editor; dropdowns are editable, so a level can be a {@code ${…}}.
 */
public class TransactionSamplerGui extends AbstractSamplerGui {
    private static final long serialVersionUID = 1L;

    private final Map<SamplerField, JComponent> editors = new EnumMap<>(SamplerField.class);

    public TransactionSamplerGui() {
        setLayout(new BorderLayout(0, 5));
        setBorder(makeBorder());
        add(makeTitlePanel(), BorderLayout.NORTH);
        JTabbedPane tabs = new JTabbedPane();
        for (SamplerField.Group group : SamplerField.Group.values()) {
            tabs.addTab(text(group.key() + ".displayName"), tab(group));
        }
        add(tabs, BorderLayout.CENTER);
        clearGui();
    }

    @Override
    public String getStaticLabel() {
        return text("displayName");
    }

    @Override
    public String getLabelResource() {
        return "dbstudy_transaction_sampler"; // not in JMeter's bundle: getStaticLabel gives the label
    }

    @Override
    public TestElement createTestElement() {
        TransactionSampler sampler = new TransactionSampler();
        modifyTestElement(sampler);
        return sampler;
    }

    @Override
    public void modifyTestElement(TestElement element) {
        configureTestElement(element);
        for (Map.Entry<SamplerField, JComponent> e : editors.entrySet()) {
            element.setProperty(e.getKey().key(), value(e.getValue()));
        }
    }

    @Override
    public void configure(TestElement element) {
        super.configure(element);
        for (Map.Entry<SamplerField, JComponent> e : editors.entrySet()) {
            set(e.getValue(), element.getPropertyAsString(e.getKey().key()));
        }
    }

    @Override
    public void clearGui() {
        super.clearGui();
        for (Map.Entry<SamplerField, JComponent> e : editors.entrySet()) {
            set(e.getValue(), e.getKey().initial());
        }
    }

    /** One tab: a label and an editor per field of the group; text areas take the spare height. */
    private JPanel tab(SamplerField.Group group) {
        JPanel panel = new JPanel(new GridBagLayout());
        GridBagConstraints c = new GridBagConstraints();
        c.insets = new Insets(4, 6, 4, 6);
        int row = 0;
        boolean grows = false;
        for (SamplerField f : SamplerField.values()) {
            if (f.group() != group) {
                continue;
            }
            String tip = "<html><body style='width: 420px'>" + escape(text(f.key() + ".shortDescription")) + "</body></html>";
            JLabel label = new JLabel(text(f.key() + ".displayName"));
            label.setToolTipText(tip);
            JComponent editor = editor(f);
            editor.setToolTipText(tip);
            editors.put(f, editor);
            boolean area = f.kind() == SamplerField.Kind.SQL || f.kind() == SamplerField.Kind.LINES;
            c.gridx = 0;
            c.gridy = row;
            c.weightx = 0;
            c.weighty = 0;
            c.fill = GridBagConstraints.NONE;
            c.anchor = area ? GridBagConstraints.NORTHWEST : GridBagConstraints.WEST;
            panel.add(label, c);
            c.gridx = 1;
            c.weightx = 1;
            c.weighty = area ? (f.kind() == SamplerField.Kind.SQL ? 3 : 1) : 0;
            c.fill = area ? GridBagConstraints.BOTH : GridBagConstraints.HORIZONTAL;
            label.setLabelFor(editor);
            panel.add(area ? JTextScrollPane.getInstance((JSyntaxTextArea) editor) : editor, c);
            grows |= area;
            row++;
        }
        if (!grows) {
            // Short forms stay at the top of the tab.
            c.gridy = row;
            c.weighty = 1;
            panel.add(new JPanel(), c);
        }
        return panel;
    }

    private static JComponent editor(SamplerField f) {
        return switch (f.kind()) {
            case SQL -> {
                JSyntaxTextArea sql = JSyntaxTextArea.getInstance(12, 80);
                sql.setLanguage("sql");
                yield sql;
            }
            case LINES -> {
                JSyntaxTextArea lines = JSyntaxTextArea.getInstance(4, 80);
                lines.setLanguage("text");
                yield lines;
            }
            case PASSWORD -> new JPasswordField(40);
            case CHOICE -> {
                JComboBox<String> box = new JComboBox<>(f.choices().toArray(new String[0]));
                box.setEditable(true); // a level may come from ${…}
                yield box;
            }
            default -> new JTextField(40);
        };
    }

    private static String value(JComponent editor) {
        if (editor instanceof JComboBox<?> box) {
            Object v = box.isEditable() ? box.getEditor().getItem() : box.getSelectedItem();
            return v == null ? "" : v.toString();
        }
        return ((JTextComponent) editor).getText();
    }

    private static void set(JComponent editor, String value) {
        if (editor instanceof JComboBox<?> box) {
            box.setSelectedItem(value);
            box.getEditor().setItem(value);
        } else if (editor instanceof JSyntaxTextArea area) {
            area.setInitialText(value);
            area.setCaretPosition(0);
        } else {
            ((JTextComponent) editor).setText(value);
        }
    }

    /** A label or tooltip; static because JMeter asks for the label while the form is being built. */
    private static String text(String key) {
        try {
            return resources().getString(key);
        } catch (MissingResourceException e) {
            return key;
        }
    }

    private static ResourceBundle resources() {
        Locale locale = JMeterUtils.getLocale() == null ? Locale.ROOT : JMeterUtils.getLocale();
        return ResourceBundle.getBundle("org.dbstudy.jmeter.TransactionSamplerResources", locale);
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
