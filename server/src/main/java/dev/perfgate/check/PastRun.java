package dev.perfgate.check;

import java.util.Map;

/**
 * An earlier judged run as baselines see it: PerfGate's id, the caller's run id for labels, whether the run as a
 * whole may stand for the normal state of its series (the profile baseline), and each check it measured
 * ({@link #key}) with its value and how the run stands for it in the growth decision (suspected, elevated, …).
 */
record PastRun(String id, String runId, boolean good, Map<String, Check> checks) {

    /** One check of the run: its value and how the run stands for it ({@link GrowthHistory.Standing#of}). */
    record Check(double value, GrowthHistory.Standing standing) {
    }

    PastRun {
        checks = Map.copyOf(checks);
    }

    /** The key of a check's value: its fingerprint, and the request when it is judged per request. */
    static String key(String fingerprint, String request) {
        return request == null ? fingerprint : fingerprint + "|" + request;
    }

    /** The check with this key; null when the run did not measure it. */
    Check check(String key) {
        return checks.get(key);
    }
}
