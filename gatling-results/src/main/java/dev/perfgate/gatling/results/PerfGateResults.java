package dev.perfgate.gatling.results;

import java.util.List;
import java.util.Map;

/**
 * A PerfGate results document ({@code perfgate-results/v1}, see docs/results-format.md): what a run measured,
 * as posted to {@code POST /api/v1/runs/{id}/results}.
 *
 * @param format always {@link #FORMAT}
 * @param tool the load tool and its version, e.g. {@code gatling 3.15.1}
 * @param window when the run ran and where its steady state starts
 * @param global statistics over every request in the steady-state window
 * @param requests statistics per request name in the steady-state window, in order of first appearance
 * @param measures other named numbers (unit suffix in the name: {@code _pct}, {@code _ms}, {@code _mb})
 * @param timeseries one point per second of the whole run, ramp-up included, for charts only
 */
public record PerfGateResults(
    String format,
    String tool,
    Window window,
    RequestStats global,
    List<RequestStats> requests,
    Map<String, Double> measures,
    List<TimeseriesPoint> timeseries) {

  /** The format name this client writes. */
  public static final String FORMAT = "perfgate-results/v1";

  public PerfGateResults {
    requests = List.copyOf(requests);
    measures = Map.copyOf(measures);
    timeseries = List.copyOf(timeseries);
  }
}
