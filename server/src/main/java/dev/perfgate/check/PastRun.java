package dev.perfgate.check;

import java.util.Map;

/**
 * An earlier judged run as baselines see it: PerfGate's id, the caller's run id for labels, whether it may
 * stand for the normal state of its series, the value of each check ({@link Baselines#key}) and how the run
 * stands for each check in the growth decision (suspected, elevated, …).
 */
record PastRun(String id, String runId, boolean good, Map<String, Double> values,
        Map<String, GrowthHistory.Standing> standings) {

    /** A run whose checks all stand as the run does. */
    PastRun(String id, String runId, boolean good, Map<String, Double> values) {
        this(id, runId, good, values, Map.of());
    }

    Double value(String key) {
        return values.get(key);
    }

    GrowthHistory.Standing standing(String key) {
        return standings.getOrDefault(key, good ? GrowthHistory.Standing.GOOD : GrowthHistory.Standing.REGRESSED);
    }
}
