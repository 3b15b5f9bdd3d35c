package dev.perfgate.check;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.run.RegressionReview;

/**
 * An earlier judged run as baselines see it: PerfGate's id, the caller's run id for labels, whether the run as a
 * whole may stand for the normal state of its series (the profile baseline), and each check it measured
 * ({@link #key}) with its value and how the run stands for it in the growth decision (suspected, elevated, …).
 */
record PastRun(String id, String runId, boolean good, Map<String, Check> checks, boolean conclusive) {

    /** One check of the run: its value and how the run stands for it ({@link GrowthHistory.Standing#of}). */
    record Check(double value, GrowthHistory.Standing standing) {
    }

    /**
     * One check as its verdict recorded it: what its key is made of, its value (null: none), whether its growth
     * said FAIL or WARN, the noise decision on that growth (null: none), and whether the check FAILed.
     */
    record Recorded(String fingerprint, String request, Double value, boolean grew, String decision, boolean failed) {

        /** A check that did not FAIL (or whose status is not known). */
        Recorded(String fingerprint, String request, Double value, boolean grew, String decision) {
            this(fingerprint, request, value, grew, decision, false);
        }
    }

    PastRun {
        checks = Map.copyOf(checks);
    }

    /** A run whose verdict was not INCONCLUSIVE. */
    PastRun(String id, String runId, boolean good, Map<String, Check> checks) {
        this(id, runId, good, checks, true);
    }

    /**
     * The run as later runs' baselines see it, from its judged checks: a regression is a growth FAIL or WARN that
     * is not merely suspected; the run is good (the profile baseline) when its review accepted it, else when it has
     * no regression and did not FAIL. Each check's value stands by that check alone (regressed when its own growth
     * regressed or it FAILed), unless the run was reviewed. The first value of a key counts.
     *
     * @param review the review of the run's regression; null when none
     * @param failed whether the run's verdict was FAIL
     */
    static PastRun of(String id, String runId, RegressionReview.Decision review, boolean failed,
            List<Recorded> judged) {
        return of(id, runId, review, failed, true, judged);
    }

    /**
     * The same, knowing whether the verdict was conclusive: an INCONCLUSIVE run (a check without data, a cold JVM's
     * profile) keeps the values it measured for their checks, but is the profile baseline only when no conclusive
     * good run is at hand.
     */
    static PastRun of(String id, String runId, RegressionReview.Decision review, boolean failed, boolean conclusive,
            List<Recorded> judged) {
        Map<String, Double> values = new HashMap<>();
        Map<String, String> decisions = new HashMap<>();
        Map<String, Boolean> bad = new HashMap<>();
        boolean regression = false;
        for (Recorded check : judged) {
            String key = key(check.fingerprint(), check.request());
            // a suspected growth (inside the noise) waits for the next runs; it does not make the run a regression
            boolean regressed = check.grew() && !GrowthDecision.SUSPECTED.equals(check.decision());
            regression |= regressed;
            if (check.value() != null && !values.containsKey(key)) {
                values.put(key, check.value());
                bad.put(key, regressed || check.failed());
                if (check.decision() != null) {
                    decisions.put(key, check.decision());
                }
            }
        }
        boolean good = review != null ? review == RegressionReview.Decision.ACCEPTED : !regression && !failed;
        Map<String, Check> checks = new HashMap<>();
        // each value stands by its own check: a run that FAILed on one check (e.g. its p99 while the noise was not
        // measured yet) still gives the others their baseline, else a series' early FAILs froze every check's median
        // at its first run; a review decides for every check
        values.forEach((key, value) -> checks.put(key, new Check(value, GrowthHistory.Standing.of(review != null,
                review != null ? good : !bad.get(key), decisions.get(key)))));
        return new PastRun(id, runId, good, checks, conclusive);
    }

    /** The key of a check's value: its fingerprint, and the request when it is judged per request. */
    static String key(String fingerprint, String request) {
        return request == null ? fingerprint : fingerprint + "|" + request;
    }

    /** The keys of the values this run recorded for a check: its fingerprint, or one per request it judged. */
    List<String> keys(String fingerprint) {
        return checks.keySet().stream().filter(key -> key.equals(fingerprint) || key.startsWith(fingerprint + "|"))
                .sorted().toList();
    }

    /** The check with this key; null when the run did not measure it. */
    Check check(String key) {
        return checks.get(key);
    }
}
