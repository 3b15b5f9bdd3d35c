package dev.perfgate.check;

import java.util.Map;

/**
 * An earlier judged run as baselines see it: PerfGate's id, the caller's run id for labels, whether it may
 * stand for the normal state of its series, and the value of each check ({@link Baselines#key}).
 */
record PastRun(String id, String runId, boolean good, Map<String, Double> values) {

    Double value(String key) {
        return values.get(key);
    }
}
