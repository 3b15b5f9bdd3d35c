package dev.perfgate.profile;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** A closed time interval, typically the start and end of a load-test run. */
public record TimeWindow(Instant from, Instant until) {

    public TimeWindow {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(until, "until");
        if (until.isBefore(from)) {
            throw new IllegalArgumentException("window ends before it starts: " + from + " > " + until);
        }
    }

    public static TimeWindow of(Instant from, Instant until) {
        return new TimeWindow(from, until);
    }

    public Duration duration() {
        return Duration.between(from, until);
    }

    long fromEpochSecond() {
        return from.getEpochSecond();
    }

    /** Rounded up so that a fractional end second is still covered. */
    long untilEpochSecond() {
        return until.getEpochSecond() + (until.getNano() > 0 ? 1 : 0);
    }

    long fromEpochMilli() {
        return from.toEpochMilli();
    }

    long untilEpochMilli() {
        long millis = until.toEpochMilli();
        return until.getNano() % 1_000_000 > 0 ? millis + 1 : millis;
    }

    @Override
    public String toString() {
        return from + " – " + until;
    }
}
