package dev.perfgate.definition;

import java.util.Arrays;
import java.util.Optional;

import lombok.Getter;
import lombok.RequiredArgsConstructor;
import lombok.experimental.Accessors;

/**
 * The statistics a results check reads ({@code results: { stat: … }}), each with its name in {@code checks/} (the
 * schema's enum, no aliases), its unit and its kind. The one vocabulary of the definitions, the results and the
 * checks.
 */
@RequiredArgsConstructor
@Getter
@Accessors(fluent = true)
public enum Stat {
    COUNT("count", "requests", Kind.COUNT),
    OK("ok", "requests", Kind.COUNT),
    KO("ko", "requests", Kind.COUNT),
    ERROR_PCT("errorPct", "%", Kind.RATIO),
    MIN("min", "ms", Kind.LATENCY),
    MEAN("mean", "ms", Kind.LATENCY),
    MAX("max", "ms", Kind.LATENCY),
    P50("p50", "ms", Kind.LATENCY),
    P75("p75", "ms", Kind.LATENCY),
    P90("p90", "ms", Kind.LATENCY),
    P95("p95", "ms", Kind.LATENCY),
    P99("p99", "ms", Kind.LATENCY),
    P999("p99.9", "ms", Kind.LATENCY),
    THROUGHPUT("throughput", "req/s", Kind.RATE);

    /** What a statistic counts: responses, a share of them, a response time of the OK ones, or a rate. */
    public enum Kind {
        COUNT, RATIO, LATENCY, RATE
    }

    /** Its name in {@code checks/}: count, ok, ko, errorPct, min, mean, max, p50 … p99.9, throughput. */
    private final String id;
    private final String unit;
    private final Kind kind;

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
