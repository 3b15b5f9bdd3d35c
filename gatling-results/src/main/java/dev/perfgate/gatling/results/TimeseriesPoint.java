package dev.perfgate.gatling.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * One second of a run, for charts: requests started in that second, how many failed, and the mean and
 * 99th percentile of their OK response times (null when none was OK).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TimeseriesPoint(Instant t, long requests, long errors, Double meanMs, Long p99Ms) {
}
