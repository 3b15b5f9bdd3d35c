package dev.perfgate.gatling.results;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Accumulates responses into one {@link TimeseriesPoint} per wall-clock second, by the request's start. */
public final class TimeseriesAccumulator {

  private final Map<Long, StatsAccumulator> bySecond = new HashMap<>();

  /** Adds one response started at {@code startMillis} (epoch ms). */
  public void add(long startMillis, int responseTimeMs, boolean ok) {
    bySecond.computeIfAbsent(Math.floorDiv(startMillis, 1000L), second -> new StatsAccumulator())
        .add(responseTimeMs, ok);
  }

  /** One point per second from {@code from} to {@code to} (both included), empty seconds too. */
  public List<TimeseriesPoint> points(Instant from, Instant to) {
    List<TimeseriesPoint> points = new ArrayList<>();
    for (long second = from.getEpochSecond(); second <= to.getEpochSecond(); second++) {
      StatsAccumulator stats = bySecond.get(second);
      Instant t = Instant.ofEpochSecond(second);
      points.add(stats == null
          ? new TimeseriesPoint(t, 0, 0, null, null)
          : new TimeseriesPoint(t, stats.count(), stats.ko(), stats.okMean(), stats.p99()));
    }
    return points;
  }
}
