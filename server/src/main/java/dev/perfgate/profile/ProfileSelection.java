package dev.perfgate.profile;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Which profile data belongs to one run: its time window and the labels that pick its series
 * (e.g. {@code run_id="42"}), added to the target's static labels.
 */
public record ProfileSelection(TimeWindow window, Map<String, String> labels) {

    public ProfileSelection {
        Objects.requireNonNull(window, "window");
        labels = Labels.sortedCopy(labels);
    }

    public static ProfileSelection of(TimeWindow window) {
        return new ProfileSelection(window, Map.of());
    }

    public ProfileSelection withLabel(String name, String value) {
        Map<String, String> copy = new TreeMap<>(labels);
        copy.put(name, value);
        return new ProfileSelection(window, copy);
    }
}
