package dev.perfgate.gatling.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultsJsonTest {

  private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

  private final PerfGateResults results = new PerfGateResults(
      PerfGateResults.FORMAT,
      "gatling 3.15.1",
      new Window(START, START.plusSeconds(300), START.plusSeconds(30)),
      new RequestStats(null, 12000, 11988, 12, 0.1, 3L, 41.7, 812L, 35L, 48L, 70L, 91L, 180L, 420L, 44.4),
      List.of(new RequestStats("pay", 10, 0, 10, 100.0, null, null, null, null, null, null, null, null, null, 0.04)),
      Map.of("cpu_avg_pct", 51.12),
      List.of(new TimeseriesPoint(START.plusSeconds(1), 40, 0, 38.0, 120L)));

  @Test
  void shouldWriteTheFieldsTheServerExpectsWithIsoInstants() {
    String json = ResultsJson.write(results);

    assertThat(json)
        .contains("\"format\" : \"perfgate-results/v1\"")
        .contains("\"steadyStateStart\" : \"2026-11-22T10:00:30Z\"")
        .contains("\"p999Ms\" : 420")
        .contains("\"throughputRps\" : 44.4")
        .contains("\"cpu_avg_pct\" : 51.12")
        .contains("\"t\" : \"2026-11-22T10:00:01Z\"");
  }

  @Test
  void shouldLeaveOutTheGlobalNameAndLatenciesOfAnEmptySet() {
    String json = ResultsJson.write(results);

    assertThat(json).containsOnlyOnce("\"name\"").containsOnlyOnce("\"minMs\"").doesNotContain("null");
  }

  @Test
  void shouldReadBackWhatItWrote() throws IOException {
    assertThat(ResultsJson.read(ResultsJson.write(results))).isEqualTo(results);
  }

  @Test
  void shouldRejectUnknownFieldsAsTheServerDoes() {
    String typo = ResultsJson.write(results).replace("\"p99Ms\" : 180", "\"p99ms\" : 180");

    assertThatThrownBy(() -> ResultsJson.read(typo)).isInstanceOf(UnrecognizedPropertyException.class);
  }
}
