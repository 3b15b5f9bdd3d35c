package dev.perfgate.client.gate;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.perfgate.gatling.GatlingResults;
import dev.perfgate.gatling.GatlingRun;
import dev.perfgate.gatling.SimulationLogConverter;
import dev.perfgate.gatling.results.PerfGateResults;
import dev.perfgate.gatling.results.ResultsJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * Reads the results to send from what a user points at:
 * <ul>
 *   <li>a Gatling results folder ({@code target/gatling}) or run folder: its newest run; a 3.13+ binary
 *       {@code simulation.log} is converted (ramp-up left out), a 3.12 {@code js/stats.json} is sent as it is;</li>
 *   <li>a {@code simulation.log} file: converted;</li>
 *   <li>a PerfGate results JSON file ({@code "format": "perfgate-results/v1"}) or a 3.12 {@code stats.json}: sent as
 *       it is.</li>
 * </ul>
 */
public final class ResultsSource {

  private static final ObjectMapper JSON = new ObjectMapper();

  private ResultsSource() {
  }

  public static ResultsUpload load(Path path, Duration rampUp) throws IOException {
    if (Files.isDirectory(path)) {
      GatlingRun run = GatlingResults.find(path).orElseThrow(() -> new IOException("no Gatling results in " + path
          + ": no run folder with a simulation.log or js/stats.json (did the load test run?)"));
      return run.kind() == GatlingRun.Kind.SIMULATION_LOG
          ? convert(run.simulationLog(), rampUp)
          : statsJson(run.statsJson(), Files.readString(run.statsJson(), StandardCharsets.UTF_8));
    }
    if (!Files.isRegularFile(path)) {
      throw new IOException("no results at " + path + ": neither a folder nor a file");
    }
    if (path.getFileName().toString().equals("simulation.log")) {
      return convert(path, rampUp);
    }
    String text = Files.readString(path, StandardCharsets.UTF_8);
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (IOException e) {
      throw new IOException(path + " is not JSON: " + e.getMessage(), e);
    }
    if (root != null && root.path("format").asText("").startsWith("perfgate-results/")) {
      JsonNode window = root.path("window");
      return new ResultsUpload(text, "PerfGate results " + path, instant(window.path("start")), instant(window.path("end")));
    }
    if (root != null && root.has("stats") && (root.has("contents") || "GROUP".equals(root.path("type").asText()))) {
      return statsJson(path, text);
    }
    throw new IOException(path + " is neither PerfGate results JSON (\"format\": \"" + PerfGateResults.FORMAT
        + "\") nor a Gatling stats.json");
  }

  private static ResultsUpload convert(Path simulationLog, Duration rampUp) throws IOException {
    PerfGateResults results = SimulationLogConverter.convert(simulationLog, rampUp);
    String description = "Gatling simulation.log of " + simulationLog.getParent() + ", converted: "
        + results.global().count() + " responses in the steady state";
    return new ResultsUpload(ResultsJson.write(results), description, results.window().start(), results.window().end());
  }

  private static ResultsUpload statsJson(Path file, String text) {
    return new ResultsUpload(text, "Gatling 3.12 stats.json " + file + ", sent as it is (it includes the ramp-up)",
        null, null);
  }

  private static Instant instant(JsonNode node) {
    if (!node.isTextual()) {
      return null;
    }
    try {
      return Instant.parse(node.asText());
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
