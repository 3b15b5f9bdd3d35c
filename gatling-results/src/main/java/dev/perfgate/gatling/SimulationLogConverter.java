package dev.perfgate.gatling;

import dev.perfgate.gatling.results.PerfGateResults;
import dev.perfgate.gatling.results.StatsAccumulator;
import dev.perfgate.gatling.results.TimeseriesAccumulator;
import dev.perfgate.gatling.results.Window;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Turns a Gatling 3.15 binary {@code simulation.log} into PerfGate results: statistics over the steady-state
 * window (run start + ramp-up to run end), a time series over the whole run.
 *
 * <p>Two passes, as Gatling's report does: the first finds the run's span, the second aggregates. A response
 * belongs to the window when its request started in it. With no ramp-up every number equals Gatling's own report
 * for the same log (percentiles within the 1 ms that the report's t-digest itself wanders). The window's length
 * in seconds is rounded up, as the report does for its throughput.
 */
public final class SimulationLogConverter {

  private SimulationLogConverter() {
  }

  /**
   * Converts {@code simulationLog}, excluding responses to requests started in the first {@code rampUp}.
   *
   * @throws IOException if the log cannot be read, is truncated, comes from another Gatling version, holds no
   *     request, or the ramp-up does not leave a window of at least 1 ms
   */
  public static PerfGateResults convert(Path simulationLog, Duration rampUp) throws IOException {
    try {
      return convert(() -> Files.newInputStream(simulationLog), rampUp);
    } catch (IOException e) {
      throw new IOException(simulationLog + ": " + e.getMessage(), e);
    }
  }

  /** Opens the log anew for each pass. */
  @FunctionalInterface
  public interface LogSource {
    InputStream open() throws IOException;
  }

  /** Converts the log {@code source} opens (twice), as {@link #convert(Path, Duration)}. */
  public static PerfGateResults convert(LogSource source, Duration rampUp) throws IOException {
    if (rampUp.isNegative()) {
      throw new IllegalArgumentException("ramp-up must not be negative, got " + rampUp);
    }
    RunSpan span = new RunSpan();
    read(source, span);
    if (span.requests() == 0) {
      throw new IOException("the log holds no request: nothing to judge");
    }
    long steadyStart = span.start() + rampUp.toMillis();
    if (steadyStart >= span.end()) {
      throw new IOException("ramp-up " + rampUp.toMillis() + " ms is not shorter than the run, "
          + (span.end() - span.start()) + " ms: no steady state left to judge");
    }

    Aggregation aggregation = new Aggregation(steadyStart);
    read(source, aggregation);

    Window window = new Window(Instant.ofEpochMilli(span.start()), Instant.ofEpochMilli(span.end()),
        Instant.ofEpochMilli(steadyStart));
    long windowSeconds = (long) Math.ceil((span.end() - steadyStart) / 1000.0);
    return new PerfGateResults(
        PerfGateResults.FORMAT,
        "gatling " + span.run().gatlingVersion(),
        window,
        aggregation.global.toStats(null, windowSeconds),
        aggregation.byName.entrySet().stream()
            .map(entry -> entry.getValue().toStats(entry.getKey(), windowSeconds))
            .toList(),
        Map.of(),
        aggregation.timeseries.points(window.start(), window.end()));
  }

  private static void read(LogSource source, SimulationLogReader.Listener listener) throws IOException {
    try (InputStream in = source.open()) {
      SimulationLogReader.read(in, listener);
    }
  }

  /** Second pass: the window's statistics, global and per request name, and the whole run's time series. */
  private static final class Aggregation implements SimulationLogReader.Listener {

    private final long steadyStart;
    private final StatsAccumulator global = new StatsAccumulator();
    private final Map<String, StatsAccumulator> byName = new LinkedHashMap<>();
    private final TimeseriesAccumulator timeseries = new TimeseriesAccumulator();

    Aggregation(long steadyStart) {
      this.steadyStart = steadyStart;
    }

    @Override
    public void onRun(RunRecord run) {
      // read in the first pass
    }

    @Override
    public void onRequest(RequestRecord request) {
      timeseries.add(request.start(), request.responseTime(), request.ok());
      if (request.start() >= steadyStart) {
        global.add(request.responseTime(), request.ok());
        byName.computeIfAbsent(request.path(), name -> new StatsAccumulator())
            .add(request.responseTime(), request.ok());
      }
    }
  }
}
