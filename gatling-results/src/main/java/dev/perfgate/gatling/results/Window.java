package dev.perfgate.gatling.results;

import java.time.Instant;

/**
 * When a run ran: {@code start} to {@code end}; statistics cover {@code steadyStateStart} to {@code end}.
 *
 * @param start the first user or request of the run
 * @param end the last response or user end of the run
 * @param steadyStateStart {@code start} plus the ramp-up
 */
public record Window(Instant start, Instant end, Instant steadyStateStart) {
}
