package dev.perfgate.results;

import jakarta.validation.constraints.PositiveOrZero;
import jakarta.validation.constraints.Size;

import dev.perfgate.definition.Stat;

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

    /** A statistic by its name in checks (exactly as the schema spells it, no aliases); see {@link Stat}. */
    public Double stat(String stat) {
        return stat(Stat.of(stat));
    }

    public Double stat(Stat stat) {
        return switch (stat) {
            case COUNT -> (double) count;
            case OK -> (double) ok;
            case KO -> (double) ko;
            case ERROR_PCT -> errorPct;
            case MIN -> minMs;
            case MEAN -> meanMs;
            case MAX -> maxMs;
            case P50 -> p50Ms;
            case P75 -> p75Ms;
            case P90 -> p90Ms;
            case P95 -> p95Ms;
            case P99 -> p99Ms;
            case P999 -> p999Ms;
            case THROUGHPUT -> throughputRps;
        };
    }

    /**
     * The same statistics under another name, errorPct from the counts (a posted one agrees with them: StatsRules);
     * absent without requests: an error rate of no requests is no data, not 0 %.
     */
    static RequestStats named(String name, RequestStats s) {
        Double errorPct = s.count == 0 ? null : 100.0 * s.ko / s.count;
        return new RequestStats(name, s.count, s.ok, s.ko, errorPct, s.minMs, s.meanMs, s.maxMs, s.p50Ms,
                s.p75Ms, s.p90Ms, s.p95Ms, s.p99Ms, s.p999Ms, s.throughputRps);
    }
}
