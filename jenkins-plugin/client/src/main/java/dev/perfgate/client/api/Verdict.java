package dev.perfgate.client.api;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A run's verdict as {@code GET /api/v1/runs/{id}/verdict} gives it: the overall status, what CI should do
 * ({@code gate}), every check with its numbers, and links to the evidence.
 *
 * @param id PerfGate's id of the judged run
 * @param status PASS, WARN, FAIL, INCONCLUSIVE, INVALID, or PENDING while it is being judged
 * @param gate pass, warn or fail: the server's reading of the status after the definition's INCONCLUSIVE policy
 * @param summary one line with the numbers
 * @param profiles what the run's profiles (CPU, allocations, …) say, with their flamegraph and diff links
 * @param links run (page), compare, trends, flamegraph, flamegraphDiff, and whatever else the server adds
 * @param review an admin's decision on the run's regression (accepted as the new normal, or denied), or null
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Verdict(
    String id,
    String runId,
    String system,
    String workload,
    String environment,
    String version,
    Status status,
    String gate,
    String summary,
    String reason,
    Instant evaluatedAt,
    List<Check> checks,
    List<Profile> profiles,
    Map<String, String> links,
    Review review) {

  /** The overall outcome; UNKNOWN stands for a status this client does not know (treated as a failure). */
  public enum Status {
    PASS, WARN, FAIL, INCONCLUSIVE, INVALID, PENDING,
    @JsonEnumDefaultValue UNKNOWN
  }

  public Verdict {
    checks = checks == null ? List.of() : List.copyOf(checks);
    profiles = profiles == null ? List.of() : List.copyOf(profiles);
    links = withoutNulls(links);
  }

  /** A server's map of links without the ones it gave no address (null), which Map.copyOf refuses. */
  static Map<String, String> withoutNulls(Map<String, String> links) {
    if (links == null) {
      return Map.of();
    }
    Map<String, String> known = new java.util.LinkedHashMap<>();
    links.forEach((name, url) -> {
      if (name != null && url != null) {
        known.put(name, url);
      }
    });
    return Map.copyOf(known);
  }

  /** A verdict without a review. */
  public Verdict(String id, String runId, String system, String workload, String environment, String version,
      Status status, String gate, String summary, String reason, Instant evaluatedAt, List<Check> checks,
      List<Profile> profiles, Map<String, String> links) {
    this(id, runId, system, workload, environment, version, status, gate, summary, reason, evaluatedAt, checks,
        profiles, links, null);
  }

  /**
   * An admin's review of the run's regression.
   *
   * @param decision accepted (the new normal: later runs may compare with it) or denied (a real regression)
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Review(String decision, String reason, String by, Instant at) {
  }

  public boolean pending() {
    return status == Status.PENDING || status == null;
  }

  public String series() {
    return system + "/" + workload + "/" + environment;
  }

  /**
   * One judged check.
   *
   * @param request the request it applies to (per-request checks), or null
   * @param requirement the absolute rule, e.g. {@code < 50}
   * @param growth the rule relative to the baseline, e.g. {@code <= +10%}
   * @param baselineLabel e.g. {@code run 41}, {@code median of 5 runs (37–41)}
   * @param deltaAbs value minus baseline, in the value's unit
   * @param deltaPct the same in percent of the baseline
   * @param message the server's one line with the numbers
   * @param explanation lines that explain it, e.g. the functions that grew
   * @param links per-check evidence (flamegraph, diff), when the server gives it
   * @param label how the server names the check wherever it is shown, e.g. {@code p95 of /x}; null from older servers
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Check(
      String id,
      String name,
      String request,
      Status status,
      boolean key,
      Double value,
      String unit,
      String requirement,
      String growth,
      String baselineLabel,
      Double baselineValue,
      Double deltaAbs,
      Double deltaPct,
      String message,
      List<String> explanation,
      Map<String, String> links,
      String label) {

    public Check {
      explanation = explanation == null ? List.of() : explanation.stream().filter(java.util.Objects::nonNull).toList();
      links = withoutNulls(links);
    }
  }

  /**
   * One profile type of the run as the verdict summarizes it, in the order the console prints it: what it says, then
   * its links.
   *
   * @param type e.g. cpu, alloc
   * @param lines what a person reads, e.g. the functions that grew
   * @param baselineLabel the run the diff compares with
   */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Profile(
      String type,
      String status,
      String reason,
      List<String> lines,
      String flamegraphUrl,
      String diffUrl,
      String baselineLabel,
      String comparisonUrl) {

    public Profile {
      lines = lines == null ? List.of() : List.copyOf(lines);
    }
  }
}
