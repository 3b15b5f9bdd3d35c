package dev.perfgate.gatling.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Statistics of one request name (or of all requests, {@code name} null) over the steady-state window.
 * Counts are over every response; latencies over the OK responses, null when there is none.
 *
 * @param name the request name, null for the global statistics
 * @param count responses in the window
 * @param ok OK responses
 * @param ko failed responses
 * @param errorPct {@code 100 * ko / count}
 * @param minMs fastest OK response time
 * @param meanMs mean OK response time
 * @param maxMs slowest OK response time
 * @param p50Ms median OK response time
 * @param p75Ms 75th percentile
 * @param p90Ms 90th percentile
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param p999Ms 99.9th percentile
 * @param throughputRps {@code count} per second of the window
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RequestStats(
    String name,
    long count,
    long ok,
    long ko,
    Double errorPct,
    Long minMs,
    Double meanMs,
    Long maxMs,
    Long p50Ms,
    Long p75Ms,
    Long p90Ms,
    Long p95Ms,
    Long p99Ms,
    Long p999Ms,
    double throughputRps) {
}
