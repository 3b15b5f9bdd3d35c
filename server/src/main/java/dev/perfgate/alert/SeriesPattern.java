package dev.perfgate.alert;

import dev.perfgate.run.Series;

/** {@code system[/workload[/environment]]}, each part a name or {@code *}; missing parts match anything. */
record SeriesPattern(String system, String workload, String environment) {

    static SeriesPattern parse(String text) {
        String[] parts = text.trim().split("/", -1);
        if (parts.length > 3 || text.isBlank()) {
            throw new IllegalArgumentException("'" + text + "' is not system[/workload[/environment]]");
        }
        for (String part : parts) {
            if (part.isBlank()) {
                throw new IllegalArgumentException("'" + text + "' has an empty part (use * for any)");
            }
        }
        return new SeriesPattern(parts[0], parts.length > 1 ? parts[1] : "*", parts.length > 2 ? parts[2] : "*");
    }

    boolean matches(Series series) {
        return part(system, series.system()) && part(workload, series.workload())
                && part(environment, series.environment());
    }

    private static boolean part(String pattern, String value) {
        return pattern == null || pattern.isBlank() || "*".equals(pattern) || pattern.equals(value);
    }

    @Override
    public String toString() {
        return system + "/" + workload + "/" + environment;
    }
}
