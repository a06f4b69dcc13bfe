package org.dbstudy.analysis.report.html;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.dbstudy.analysis.report.format.Html;

/**
 * What the runs ran on, collapsed at the end of the page: one column per run, and with several runs
 * the settings that differ between them highlighted and listed first.
 */
final class EnvironmentSection implements ReportSection {
    @Override
    public String id() {
        return "environment";
    }

    @Override
    public String title() {
        return "Environment";
    }

    @Override
    public boolean applies(ReportPage page) {
        return !page.result().environments().isEmpty();
    }

    @Override
    public void write(Html h, ReportPage page) {
        Map<String, Map<String, String>> environments = page.result().environments();
        h.h2(id(), title());
        if (environments.size() == 1) {
            Map<String, String> env = environments.values().iterator().next();
            h.details(env.size() + " settings of the run: server, driver, JMeter, Java, client", false);
            List<List<String>> rows = new ArrayList<>();
            env.forEach((k, v) -> rows.add(List.of(k, v)));
            h.table(List.of("setting", "value"), rows).endDetails();
            return;
        }
        Set<String> keys = new LinkedHashSet<>();
        environments.values().forEach(e -> keys.addAll(e.keySet()));
        List<List<String>> differing = new ArrayList<>();
        List<List<String>> same = new ArrayList<>();
        for (String key : keys) {
            List<String> values = environments.values().stream().map(e -> e.getOrDefault(key, "")).toList();
            boolean differs = values.stream().distinct().count() > 1;
            List<String> row = new ArrayList<>(List.of(differs ? "≠" : "", key));
            row.addAll(values);
            (differs ? differing : same).add(row);
        }
        List<String> header = new ArrayList<>(List.of("differs", "setting"));
        header.addAll(environments.keySet());
        List<List<String>> rows = new ArrayList<>(differing);
        rows.addAll(same);
        List<String> classes = new ArrayList<>();
        differing.forEach(r -> classes.add("differs"));
        h.p(environments.size() + " runs side by side; " + differing.size() + " setting(s) differ between them, highlighted"
                + " and first (start times and paths differ by nature).");
        h.details("The settings of every run", false).table(header, rows, classes).endDetails();
    }
}
