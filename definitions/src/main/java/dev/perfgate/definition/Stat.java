package dev.perfgate.definition;

import java.util.Arrays;
import java.util.Optional;

import lombok.Getter;
import lombok.RequiredArgsConstructor;
import lombok.experimental.Accessors;

/**
 * The statistics a results check reads ({@code results: { stat: … }}), each with its name in {@code checks/} (the
 * schema's enum, no aliases) and its kind, which gives its unit. The one vocabulary of the definitions, the results
 * and the checks.
 */
@RequiredArgsConstructor
@Getter
@Accessors(fluent = true)
public enum Stat {
    // by kind: counts, the error ratio, response times, the rate
    COUNT("count", Kind.COUNT), OK("ok", Kind.COUNT), KO("ko", Kind.COUNT),
    ERROR_PCT("errorPct", Kind.RATIO),
    MIN("min", Kind.LATENCY), MEAN("mean", Kind.LATENCY), MAX("max", Kind.LATENCY), P50("p50", Kind.LATENCY),
    P75("p75", Kind.LATENCY), P90("p90", Kind.LATENCY), P95("p95", Kind.LATENCY), P99("p99", Kind.LATENCY),
    P999("p99.9", Kind.LATENCY),
    THROUGHPUT("throughput", Kind.RATE);

    /** What a statistic counts, in its unit: responses, a share of them, a response time of the OK ones, or a rate. */
    @RequiredArgsConstructor
    @Getter
    @Accessors(fluent = true)
    public enum Kind {
        COUNT("requests"), RATIO("%"), LATENCY("ms"), RATE("req/s");

        private final String unit;
    }

    /** Its name in {@code checks/}: count, ok, ko, errorPct, min, mean, max, p50 … p99.9, throughput. */
    private final String id;
    private final Kind kind;

    /** requests, %, ms or req/s: its kind's. */
    public String unit() {
        return kind.unit();
    }

    /** A response time, measured over OK responses only (so missing when a request had none). */
    public boolean latency() {
        return kind == Kind.LATENCY;
    }

    /** The statistic with this exact name; empty for anything else, aliases included. */
    public static Optional<Stat> find(String id) {
        return Arrays.stream(values()).filter(s -> s.id.equals(id)).findFirst();
    }

    /** The statistic with this exact name. */
    public static Stat of(String id) {
        return find(id).orElseThrow(() -> new IllegalArgumentException("Unknown statistic '" + id + "': use one of "
                + String.join(", ", Arrays.stream(values()).map(Stat::id).toList())));
    }
}
