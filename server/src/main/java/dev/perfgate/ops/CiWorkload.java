package dev.perfgate.ops;

import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a CI pipeline sends PerfGate, for the launcher's training start ({@link TrainingLoad}) and {@code bench/}'s
 * GateLoadBench: the same workload trains the JIT that the benchmark measures. Plain Java on purpose: the bench jar
 * carries the server's classes without its libraries.
 */
public final class CiWorkload {

    private CiWorkload() {
    }

    /**
     * The definition file of a CI system with results-only checks: a p99 requirement and growth rule, per-request p95
     * growth and an error-rate requirement (also what {@code bench/}'s GateLoadBench judges).
     */
    public static String definition(String system) {
        return """
                system: %s
                checks:
                  - id: p99
                    name: p99
                    unit: ms
                    results: { stat: p99 }
                    requirement: "< 500"
                    growth: "<= +20%%"
                    floor: 20
                  - id: p95-per-request
                    name: p95
                    unit: ms
                    results: { requestPattern: ".*", stat: p95 }
                    growth: "<= +30%%"
                    floor: 20
                  - id: errors
                    name: errors
                    unit: "%%"
                    results: { stat: errorPct }
                    requirement: "< 1"
                """.formatted(system);
    }

    /** The results of one load test: 20 requests, 10,000 calls, p99 around 120 ms with a little noise. */
    public static String results() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        StringBuilder requests = new StringBuilder();
        for (int r = 0; r < 20; r++) {
            double p95 = 40 + r * 3 + random.nextDouble(4);
            requests.append(r == 0 ? "" : ",").append(String.format(Locale.ROOT, """
                    {"name":"request-%d","count":500,"ok":500,"ko":0,"meanMs":%.1f,"p50Ms":%.1f,"p95Ms":%.1f,"p99Ms":%.1f,"throughputRps":5}""",
                    r, p95 / 2, p95 / 2.5, p95, p95 * 1.3));
        }
        // Locale.ROOT: a decimal point whatever the machine's locale (JSON has no decimal comma)
        return String.format(Locale.ROOT, """
                {"format":"perfgate-results/v1","global":{"count":10000,"ok":10000,"ko":0,"meanMs":30,"p50Ms":25,"p95Ms":80,
                 "p99Ms":%.1f,"throughputRps":100},"requests":[%s]}""", 120 + random.nextDouble(5), requests);
    }
}
