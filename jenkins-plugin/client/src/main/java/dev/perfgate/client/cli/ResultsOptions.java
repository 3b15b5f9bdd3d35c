package dev.perfgate.client.cli;

import dev.perfgate.client.gate.ResultsSource;
import dev.perfgate.client.gate.ResultsUpload;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import picocli.CommandLine.Option;

/** The results and measures to attach. */
final class ResultsOptions {

  @Option(names = "--results", paramLabel = "PATH", description = "A Gatling results folder (e.g."
      + " load-scripts/target/gatling: its newest run), a simulation.log, a PerfGate results JSON or a Gatling 3.12"
      + " stats.json")
  Path results;

  @Option(names = "--measure", paramLabel = "NAME=NUMBER", description = "A measure, e.g. cpu_avg_pct=41.5 (repeatable)")
  Map<String, Double> measures;

  ResultsUpload load(Integer rampUpSeconds) throws IOException {
    return results == null ? null : ResultsSource.load(results, Duration.ofSeconds(rampUpSeconds == null ? 0 : rampUpSeconds));
  }

  Map<String, Double> measures() {
    return measures == null ? Map.of() : measures;
  }
}
