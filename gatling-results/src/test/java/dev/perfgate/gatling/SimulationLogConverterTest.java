package dev.perfgate.gatling;

import static dev.perfgate.gatling.SimulationLogBytes.RUN_START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.perfgate.gatling.results.PerfGateResults;
import dev.perfgate.gatling.results.RequestStats;
import dev.perfgate.gatling.results.TimeseriesPoint;
import dev.perfgate.gatling.results.Window;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class SimulationLogConverterTest {

  /** 2.5 s run: a user starts at 0, five requests at 0, 0.5, 1, 1.5 (KO) and 2 s, the user ends at 2.5 s. */
  private static final byte[] LOG = SimulationLogBytes.gatling("3.15.1")
      .user(true, 0)
      .request("a", 0, 10, true)
      .request("warm-up only", 500, 520, true)
      .request("a", 1000, 1030, true)
      .request("b", 1500, 1600, false)
      .request("a", 2000, 2040, true)
      .user(false, 2500)
      .bytes();

  @Test
  void shouldExcludeResponsesToRequestsStartedDuringTheRampUp() throws IOException {
    PerfGateResults results = convert(LOG, Duration.ofSeconds(1));

    assertThat(results.global()).isEqualTo(
        new RequestStats(null, 3, 2, 1, 33.333, 30L, 35.0, 40L, 40L, 40L, 40L, 40L, 40L, 40L, 1.5));
    assertThat(results.requests()).extracting(RequestStats::name, RequestStats::count, RequestStats::ko)
        .containsExactly(tuple("a", 2L, 0L), tuple("b", 1L, 1L));
  }

  @Test
  void shouldKeepEveryResponseWithoutRampUpAndRoundTheWindowUpToWholeSeconds() throws IOException {
    PerfGateResults results = convert(LOG, Duration.ZERO);

    assertThat(results.global().count()).isEqualTo(5);
    assertThat(results.global().throughputRps()).as("5 responses over 2.5 s counted as 3 s").isEqualTo(1.667);
    assertThat(results.requests()).extracting(RequestStats::name).containsExactly("a", "warm-up only", "b");
  }

  @Test
  void shouldSpanTheWindowFromTheFirstStartToTheLastEventAndStartTheSteadyStateAfterTheRampUp() throws IOException {
    PerfGateResults results = convert(LOG, Duration.ofMillis(1200));

    assertThat(results.window()).isEqualTo(new Window(Instant.ofEpochMilli(RUN_START),
        Instant.ofEpochMilli(RUN_START + 2500), Instant.ofEpochMilli(RUN_START + 1200)));
    assertThat(results.format()).isEqualTo("perfgate-results/v1");
    assertThat(results.tool()).isEqualTo("gatling 3.15.1");
  }

  @Test
  void shouldChartTheWholeRunSecondBySecondRampUpIncluded() throws IOException {
    PerfGateResults results = convert(LOG, Duration.ofSeconds(1));

    Instant second0 = Instant.ofEpochMilli(RUN_START);
    assertThat(results.timeseries()).containsExactly(
        new TimeseriesPoint(second0, 2, 0, 15.0, 20L),
        new TimeseriesPoint(second0.plusSeconds(1), 2, 1, 30.0, 30L),
        new TimeseriesPoint(second0.plusSeconds(2), 1, 0, 40.0, 40L));
  }

  @Test
  void shouldRejectARampUpThatLeavesNoSteadyState() {
    assertThatThrownBy(() -> convert(LOG, Duration.ofMillis(2500)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("ramp-up 2500 ms is not shorter than the run, 2500 ms");
  }

  @Test
  void shouldRejectALogWithoutRequests() {
    byte[] noRequest = SimulationLogBytes.gatling("3.15.1").user(true, 0).user(false, 100).bytes();

    assertThatThrownBy(() -> convert(noRequest, Duration.ZERO))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("no request");
  }

  private static PerfGateResults convert(byte[] log, Duration rampUp) throws IOException {
    return SimulationLogConverter.convert(() -> new ByteArrayInputStream(log), rampUp);
  }
}
