package dev.perfgate.profile;

import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Label matchers: validation, merging and rendering as a Prometheus-style selector. */
final class Labels {

    private static final Pattern NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    private Labels() {
    }

    /** Sorted so that generated queries and URLs are the same whatever order the labels were given in. */
    static SortedMap<String, String> sortedCopy(Map<String, String> labels) {
        TreeMap<String, String> copy = new TreeMap<>();
        if (labels != null) {
            labels.forEach((name, value) -> {
                if (name == null || !NAME.matcher(name).matches()) {
                    throw new IllegalArgumentException("invalid label name: " + name);
                }
                if (value == null) {
                    throw new IllegalArgumentException("label " + name + " has no value");
                }
                copy.put(name, value);
            });
        }
        return Collections.unmodifiableSortedMap(copy);
    }

    static SortedMap<String, String> merge(Map<String, String> base, Map<String, String> overrides) {
        TreeMap<String, String> merged = new TreeMap<>(base);
        merged.putAll(overrides);
        return Collections.unmodifiableSortedMap(merged);
    }

    /** {@code {a="1",b="2"}}; quotes and backslashes in values are escaped. */
    static String selector(Map<String, String> leading, Map<String, String> labels) {
        StringBuilder out = new StringBuilder("{");
        String matchers = java.util.stream.Stream.concat(leading.entrySet().stream(), labels.entrySet().stream())
                .map(e -> e.getKey() + "=\"" + escape(e.getValue()) + "\"")
                .collect(Collectors.joining(","));
        return out.append(matchers).append('}').toString();
    }

    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"");
    }
}
