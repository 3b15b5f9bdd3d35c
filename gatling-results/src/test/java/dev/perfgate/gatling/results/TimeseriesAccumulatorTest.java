package dev.perfgate.gatling.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class TimeseriesAccumulatorTest {

  private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  private final TimeseriesAccumulator timeseries = new TimeseriesAccumulator();

  @Test
  void shouldPutEachResponseInTheWallClockSecondItsRequestStartedIn() {
    timeseries.add(T0.toEpochMilli() + 999, 1500, true);
    timeseries.add(T0.toEpochMilli() + 1000, 20, true);

    assertThat(timeseries.points(T0, T0.plusSeconds(1))).containsExactly(
        new TimeseriesPoint(T0, 1, 0, 1500.0, 1500L),
        new TimeseriesPoint(T0.plusSeconds(1), 1, 0, 20.0, 20L));
  }

  @Test
  void shouldCountErrorsButTakeLatenciesFromOkResponsesOnly() {
    timeseries.add(T0.toEpochMilli(), 10, true);
    timeseries.add(T0.toEpochMilli() + 10, 30, true);
    timeseries.add(T0.toEpochMilli() + 20, 60_000, false);

    assertThat(timeseries.points(T0, T0)).containsExactly(new TimeseriesPoint(T0, 3, 1, 20.0, 30L));
  }

  @Test
  void shouldGiveEmptySecondsAPointWithoutLatencies() {
    timeseries.add(T0.toEpochMilli(), 10, false);

    assertThat(timeseries.points(T0.minusSeconds(1), T0.plusMillis(1500))).containsExactly(
        new TimeseriesPoint(T0.minusSeconds(1), 0, 0, null, null),
        new TimeseriesPoint(T0, 1, 1, null, null),
        new TimeseriesPoint(T0.plusSeconds(1), 0, 0, null, null));
  }
}
