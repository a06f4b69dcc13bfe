package org.dbstudy.jmeter;

import java.beans.PropertyDescriptor;
import java.util.ArrayList;
import java.util.List;
import org.apache.jmeter.testbeans.BeanInfoSupport;
import org.apache.jmeter.testbeans.gui.GenericTestBeanCustomizer;
import org.apache.jmeter.testbeans.gui.PasswordEditor;
import org.apache.jmeter.testbeans.gui.TextAreaEditor;

/**
 * The sampler's form in the JMeter GUI, built from {@link SamplerField}: one group per
 * {@link SamplerField.Group}, dropdowns for choices (which still take a typed {@code ${…}}), text
 * areas for SQL and lines. Labels and tooltips are in TransactionSamplerResources.
 */
public class TransactionSamplerBeanInfo extends BeanInfoSupport {

    public TransactionSamplerBeanInfo() {
        super(TransactionSampler.class);
        for (SamplerField.Group group : SamplerField.Group.values()) {
            List<String> names = new ArrayList<>();
            for (SamplerField f : SamplerField.values()) {
                if (f.group() == group) {
                    names.add(f.key());
                }
            }
            createPropertyGroup(group.key(), names.toArray(new String[0]));
        }
        for (SamplerField f : SamplerField.values()) {
            PropertyDescriptor p = property(f.key());
            p.setValue(NOT_UNDEFINED, Boolean.TRUE);
            p.setValue(DEFAULT, f.initial());
            switch (f.kind()) {
                case PASSWORD -> p.setPropertyEditorClass(PasswordEditor.class);
                case SQL, LINES -> {
                    p.setPropertyEditorClass(TextAreaEditor.class);
                    p.setValue(GenericTestBeanCustomizer.TEXT_LANGUAGE, f.kind() == SamplerField.Kind.SQL ? "sql" : "text");
                }
                case CHOICE -> {
                    // A dropdown that still accepts a typed value, so a level can come from ${…}.
                    p.setValue(TAGS, f.choices().toArray(new String[0]));
                    p.setValue(NOT_OTHER, Boolean.FALSE);
                    p.setValue(NOT_EXPRESSION, Boolean.FALSE);
                }
                default -> {
                    // plain text field
                }
            }
        }
    }
}
