package dev.perfgate.gatling.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StatsAccumulatorTest {

  private final StatsAccumulator stats = new StatsAccumulator();

  @Test
  void shouldCountEveryResponseButTakeLatenciesFromOkResponsesOnly() {
    stats.add(10, true);
    stats.add(20, true);
    stats.add(30, true);
    stats.add(5000, false);

    RequestStats result = stats.toStats("home", 1);

    assertThat(result.count()).isEqualTo(4);
    assertThat(result.ok()).isEqualTo(3);
    assertThat(result.ko()).isEqualTo(1);
    assertThat(result.errorPct()).isEqualTo(25.0);
    assertThat(result.minMs()).isEqualTo(10);
    assertThat(result.meanMs()).isEqualTo(20.0);
    assertThat(result.maxMs()).as("the failed 5000 ms is not a latency").isEqualTo(30);
  }

  @Test
  void shouldPlacePercentilesWithinOneMillisecondOfTheExactRank() {
    for (int ms = 1; ms <= 1000; ms++) {
      stats.add(ms, true);
    }

    RequestStats result = stats.toStats(null, 10);

    assertThat(result.p50Ms().doubleValue()).isCloseTo(500, within(1.0));
    assertThat(result.p75Ms().doubleValue()).isCloseTo(750, within(1.0));
    assertThat(result.p90Ms().doubleValue()).isCloseTo(900, within(1.0));
    assertThat(result.p95Ms().doubleValue()).isCloseTo(950, within(1.0));
    assertThat(result.p99Ms().doubleValue()).isCloseTo(990, within(1.0));
    assertThat(result.p999Ms().doubleValue()).isCloseTo(999, within(1.0));
    assertThat(result.minMs()).isEqualTo(1);
    assertThat(result.maxMs()).isEqualTo(1000);
  }

  @Test
  void shouldKeepTheExtremesExactlyAmongManyRepeatedValues() {
    for (int i = 0; i < 10_000; i++) {
      stats.add(40 + i % 7, true);
    }
    stats.add(3, true);
    stats.add(2500, true);

    RequestStats result = stats.toStats(null, 10);

    assertThat(result.minMs()).isEqualTo(3);
    assertThat(result.maxMs()).isEqualTo(2500);
    assertThat(result.p50Ms()).isBetween(42L, 44L);
  }

  @Test
  void shouldLeaveLatenciesAbsentWhenNoResponseWasOk() {
    stats.add(100, false);
    stats.add(200, false);

    RequestStats result = stats.toStats("pay", 1);

    assertThat(result.errorPct()).isEqualTo(100.0);
    assertThat(result.minMs()).isNull();
    assertThat(result.meanMs()).isNull();
    assertThat(result.maxMs()).isNull();
    assertThat(result.p50Ms()).isNull();
    assertThat(result.p999Ms()).isNull();
  }

  @Test
  void shouldLeaveTheErrorRateAbsentWithoutResponses() {
    RequestStats result = stats.toStats(null, 30);

    assertThat(result.count()).isZero();
    assertThat(result.errorPct()).as("0 of 0 is no rate").isNull();
    assertThat(result.throughputRps()).isZero();
  }

  @Test
  void shouldDivideTheCountOverTheWindowForTheThroughput() {
    for (int i = 0; i < 30; i++) {
      stats.add(10, i % 10 != 0);
    }

    RequestStats result = stats.toStats(null, 4);

    assertThat(result.throughputRps()).as("30 responses, OK or not, in 4 s").isEqualTo(7.5);
  }

  @Test
  void shouldRoundTheMeanToHundredthsAndTheErrorRateToThousandths() {
    stats.add(10, true);
    stats.add(10, true);
    stats.add(11, true);
    stats.add(99, false);
    stats.add(99, false);
    stats.add(99, false);

    RequestStats result = stats.toStats(null, 7);

    assertThat(result.meanMs()).isEqualTo(10.33);
    assertThat(result.errorPct()).isEqualTo(50.0);
    assertThat(result.throughputRps()).isEqualTo(0.857);
  }

  @Test
  void shouldRejectAWindowShorterThanOneSecond() {
    assertThatThrownBy(() -> stats.toStats(null, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least 1 s");
  }
}
