package dev.perfgate.client.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfgate.client.gate.ResultsSource;
import dev.perfgate.client.gate.ResultsUpload;
import dev.perfgate.gatling.SimulationLogBytes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the client sends for each kind of results a user can point at. */
class ResultsSourceIT {

  @TempDir
  Path dir;

  private Path gatlingRun(String name) throws IOException {
    Path run = Files.createDirectories(dir.resolve("gatling").resolve(name));
    SimulationLogBytes log = SimulationLogBytes.gatling("3.15.1").user(true, 0);
    for (int i = 0; i < 20; i++) {
      log.request("GET /", i * 100, i * 100 + 20, true);
    }
    Files.write(run.resolve("simulation.log"), log.user(false, 2000).bytes());
    return run;
  }

  @Test
  void shouldConvertTheNewestBinaryLogOfAGatlingResultsFolder() throws IOException {
    gatlingRun("loadsimulation-20261122100000000");

    ResultsUpload upload = ResultsSource.load(dir.resolve("gatling"), Duration.ofSeconds(1));

    assertThat(upload.json()).contains("\"format\" : \"perfgate-results/v1\"").contains("\"tool\" : \"gatling 3.15.1\"");
    assertThat(upload.description()).contains("converted: 10 responses in the steady state");
    assertThat(upload.start()).isEqualTo(Instant.ofEpochMilli(SimulationLogBytes.RUN_START));
    assertThat(upload.end()).isEqualTo(Instant.ofEpochMilli(SimulationLogBytes.RUN_START + 2000));
  }

  @Test
  void shouldSendAGatling312StatsFileAsItIs() throws IOException {
    Path run = gatlingRun("loadsimulation-20241122100000000");
    Files.createDirectories(run.resolve("js"));
    String stats = "{\"type\":\"GROUP\",\"name\":\"All Requests\",\"contents\":{},\"stats\":{}}";
    Files.writeString(run.resolve("js/stats.json"), stats);

    ResultsUpload upload = ResultsSource.load(run, Duration.ZERO);

    assertThat(upload.json()).isEqualTo(stats);
    assertThat(upload.start()).as("a stats file has no times").isNull();
    assertThat(upload.description()).contains("it includes the ramp-up");
  }

  @Test
  void shouldSendPerfGateResultsAsTheyAreAndReadTheirWindow() throws IOException {
    Path file = dir.resolve("results.json");
    String json = "{\"format\":\"perfgate-results/v1\",\"window\":{\"start\":\"2026-11-22T10:00:00Z\","
        + "\"end\":\"2026-11-22T10:05:00Z\"},\"global\":{\"count\":1,\"ok\":1,\"ko\":0,\"throughputRps\":1}}";
    Files.writeString(file, json);

    ResultsUpload upload = ResultsSource.load(file, Duration.ZERO);

    assertThat(upload.json()).isEqualTo(json);
    assertThat(upload.start()).isEqualTo(Instant.parse("2026-11-22T10:00:00Z"));
    assertThat(upload.end()).isEqualTo(Instant.parse("2026-11-22T10:05:00Z"));
  }

  @Test
  void shouldSayWhatIsMissingWhenThereAreNoResults() throws IOException {
    Files.createDirectories(dir.resolve("gatling/empty-20261122100000000"));
    Files.writeString(dir.resolve("other.json"), "{\"hello\":1}");

    assertThatThrownBy(() -> ResultsSource.load(dir.resolve("gatling"), Duration.ZERO))
        .hasMessageContaining("no Gatling results in").hasMessageContaining("did the load test run?");
    assertThatThrownBy(() -> ResultsSource.load(dir.resolve("other.json"), Duration.ZERO))
        .hasMessageContaining("is neither PerfGate results JSON");
    assertThatThrownBy(() -> ResultsSource.load(dir.resolve("nothing-here"), Duration.ZERO))
        .hasMessageContaining("neither a folder nor a file");
  }
}
