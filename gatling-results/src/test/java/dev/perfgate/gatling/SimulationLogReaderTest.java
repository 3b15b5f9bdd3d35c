package dev.perfgate.gatling;

import static dev.perfgate.gatling.SimulationLogBytes.RUN_START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SimulationLogReaderTest {

  private final List<RunRecord> runs = new ArrayList<>();
  private final List<RequestRecord> requests = new ArrayList<>();
  private final SimulationLogReader.Listener collect = new SimulationLogReader.Listener() {
    @Override
    public void onRun(RunRecord run) {
      runs.add(run);
    }

    @Override
    public void onRequest(RequestRecord request) {
      requests.add(request);
    }
  };

  @Test
  void shouldReadTheRunHeader() throws IOException {
    read(SimulationLogBytes.gatling("3.15.1").bytes());

    assertThat(runs).containsExactly(
        new RunRecord("3.15.1", "dev.perfgate.Sim", RUN_START, "", List.of("users")));
  }

  @Test
  void shouldReadRequestsWithTimesOffsetFromTheRunStartAndCachedNames() throws IOException {
    read(SimulationLogBytes.gatling("3.15.1")
        .user(true, 0)
        .request("home", 5, 17, true)
        .request("home", 20, 520, false)
        .user(false, 530)
        .bytes());

    assertThat(requests).containsExactly(
        new RequestRecord(List.of(), "home", RUN_START + 5, RUN_START + 17, true, ""),
        new RequestRecord(List.of(), "home", RUN_START + 20, RUN_START + 520, false,
            "status.find.is(200), but actually found 500"));
    assertThat(requests.get(1).responseTime()).isEqualTo(500);
  }

  @Test
  void shouldSkipGroupAndErrorRecords() throws IOException {
    read(SimulationLogBytes.gatling("3.15.1")
        .request(List.of("checkout"), "pay", 1, 4, true)
        .group("checkout", 1, 4)
        .error("connection refused", 9)
        .request("home", 10, 12, true)
        .bytes());

    assertThat(requests).extracting(RequestRecord::path).containsExactly("checkout / pay", "home");
  }

  @Test
  void shouldDecodeNamesBeyondLatin1AndSanitizeLineBreaks() throws IOException {
    read(SimulationLogBytes.gatling("3.15.1")
        .request("prüfen ✓", 1, 2, true)
        .request("two\nlines", 1, 2, true)
        .bytes());

    assertThat(requests).extracting(RequestRecord::name).containsExactly("prüfen ✓", "two lines");
  }

  @Test
  void shouldRejectALogOfAnotherGatlingVersion() {
    byte[] log = SimulationLogBytes.gatling("3.14.3").request("home", 1, 2, true).bytes();

    assertThatThrownBy(() -> read(log))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("written by Gatling 3.14.3")
        .hasMessageContaining("3.15.x");
  }

  @Test
  void shouldRejectATruncatedLogRatherThanGivePartialResults() {
    byte[] log = SimulationLogBytes.gatling("3.15.1").request("home", 1, 2, true).truncatedBy(3);

    assertThatThrownBy(() -> read(log)).isInstanceOf(IOException.class).hasMessageContaining("truncated");
  }

  @Test
  void shouldPointAGatling312TextLogToItsStatsFile() {
    byte[] log = "RUN\tdev.perfgate.Sim\tsim\t1795000000000\t \t3.12.0\n".getBytes(StandardCharsets.UTF_8);

    assertThatThrownBy(() -> read(log)).isInstanceOf(IOException.class).hasMessageContaining("js/stats.json");
  }

  private void read(byte[] log) throws IOException {
    SimulationLogReader.read(new ByteArrayInputStream(log), collect);
  }
}
