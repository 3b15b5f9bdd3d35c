package dev.perfgate.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Aggregations of a series of samples over a window: avg, max, min, p95 (nearest rank), last. */
final class Aggregates {

    private Aggregates() {
    }

    static double apply(String aggregate, List<Double> values) {
        return switch (aggregate) {
            case "avg" -> values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            case "max" -> Collections.max(values);
            case "min" -> Collections.min(values);
            case "last" -> values.get(values.size() - 1);
            case "p95" -> percentile(values, 95);
            default -> throw new IllegalArgumentException("Unknown aggregate " + aggregate);
        };
    }

    static double percentile(List<Double> values, double p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p / 100 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }
}
