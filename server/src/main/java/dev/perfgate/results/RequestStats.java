package dev.perfgate.results;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

/**
 * Statistics of one request name (or all requests) over the steady-state window. Counts are over
 * every response; latencies over OK responses, null when there were none.
 */
public record RequestStats(
        @Size(max = 500) String name,
        @PositiveOrZero long count,
        @PositiveOrZero long ok,
        @PositiveOrZero long ko,
        @PositiveOrZero Double errorPct,
        @PositiveOrZero Double minMs,
        @PositiveOrZero Double meanMs,
        @PositiveOrZero Double maxMs,
        @PositiveOrZero Double p50Ms,
        @PositiveOrZero Double p75Ms,
        @PositiveOrZero Double p90Ms,
        @PositiveOrZero Double p95Ms,
        @PositiveOrZero Double p99Ms,
        @PositiveOrZero Double p999Ms,
        @PositiveOrZero Double throughputRps) {

    /** A statistic by its name in checks: count, ok, ko, errorPct, min, mean, max, p50 … p99.9, throughput. */
    public Double stat(String stat) {
        return switch (stat) {
            case "count" -> (double) count;
            case "ok" -> (double) ok;
            case "ko" -> (double) ko;
            case "errorPct", "error_pct", "errors" -> errorPct;
            case "min" -> minMs;
            case "mean", "avg" -> meanMs;
            case "max" -> maxMs;
            case "p50", "median" -> p50Ms;
            case "p75" -> p75Ms;
            case "p90" -> p90Ms;
            case "p95" -> p95Ms;
            case "p99" -> p99Ms;
            case "p99.9", "p999" -> p999Ms;
            case "throughput", "rps" -> throughputRps;
            default -> throw new IllegalArgumentException("Unknown statistic '" + stat + "'");
        };
    }

    /** The same statistics under another name, with errorPct filled in from the counts when absent. */
    static RequestStats named(String name, RequestStats s) {
        Double errorPct = s.errorPct != null ? s.errorPct : s.count == 0 ? 0.0 : 100.0 * s.ko / s.count;
        return new RequestStats(name, s.count, s.ok, s.ko, errorPct, s.minMs, s.meanMs, s.maxMs, s.p50Ms,
                s.p75Ms, s.p90Ms, s.p95Ms, s.p99Ms, s.p999Ms, s.throughputRps);
    }
}
