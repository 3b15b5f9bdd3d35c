package dev.perfgate.jenkins;

import dev.perfgate.client.gate.ResultsSource;
import dev.perfgate.client.gate.ResultsUpload;
import hudson.remoting.VirtualChannel;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import jenkins.MasterToSlaveFileCallable;

/**
 * Reads (and converts) the results where they are, on the agent, and sends the controller only the JSON: a
 * simulation.log can be large, its PerfGate results are small.
 */
final class ReadResults extends MasterToSlaveFileCallable<ResultsUpload> {

  private static final long serialVersionUID = 1L;
  private final int rampUpSeconds;

  ReadResults(int rampUpSeconds) {
    this.rampUpSeconds = rampUpSeconds;
  }

  @Override
  public ResultsUpload invoke(File results, VirtualChannel channel) throws IOException {
    return ResultsSource.load(results.toPath(), Duration.ofSeconds(rampUpSeconds));
  }
}
