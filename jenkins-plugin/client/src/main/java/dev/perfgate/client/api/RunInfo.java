package dev.perfgate.client.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.Map;

/**
 * A run as PerfGate shows it (the fields the client uses).
 *
 * @param id PerfGate's id of the run: what {@code --run} and the URLs take
 * @param runId the caller's id of the run within its series (a CI build tag, or a number PerfGate gave)
 * @param status running, completed, aborted or invalid
 * @param links self, ui (the run page), results, verdict, compare
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunInfo(
    String id,
    String system,
    String workload,
    String environment,
    String runId,
    String status,
    String statusReason,
    Instant startedAt,
    Instant endedAt,
    Integer rampUpSeconds,
    Map<String, String> links) {

  public RunInfo {
    links = Verdict.withoutNulls(links);
  }

  public boolean running() {
    return "running".equals(status);
  }

  /** The run's page in PerfGate's UI, or null. */
  public String page() {
    return links.get("ui");
  }

  public String series() {
    return system + "/" + workload + "/" + environment;
  }
}
