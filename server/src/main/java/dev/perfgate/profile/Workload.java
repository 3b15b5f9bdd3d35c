package dev.perfgate.profile;

import java.time.Duration;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How much work a profile covers, to turn amounts into rates: the duration read and its request count.
 * A zero duration or request count means "unknown" and yields no rate.
 */
public record Workload(Duration duration, long requests) {

    public Workload {
        Objects.requireNonNull(duration, "duration");
        if (duration.isNegative() || requests < 0) {
            throw new IllegalArgumentException("negative workload: " + duration + ", " + requests + " requests");
        }
    }

    public static Workload of(Duration duration, long requests) {
        return new Workload(duration, requests);
    }

    public static Workload of(TimeWindow window, long requests) {
        return new Workload(window.duration(), requests);
    }

    public OptionalDouble perSecond(double amount) {
        double seconds = duration.toNanos() / 1e9;
        return seconds > 0 ? OptionalDouble.of(amount / seconds) : OptionalDouble.empty();
    }

    public OptionalDouble perRequest(double amount) {
        return requests > 0 ? OptionalDouble.of(amount / requests) : OptionalDouble.empty();
    }
}
