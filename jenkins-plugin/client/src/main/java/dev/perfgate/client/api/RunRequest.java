package dev.perfgate.client.api;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;
import lombok.Setter;
import lombok.With;
import lombok.experimental.Accessors;

/**
 * Body of {@code POST /api/v1/runs}: the series (system, workload, environment) and what CI knows about the run.
 * Null fields are not sent; the server fills its defaults (a run number for runId, now for startedAt).
 * {@code withRunId} gives the same request under another runId (a retry of an ended run gets a fresh one).
 */
public record RunRequest(
    String system,
    String workload,
    String environment,
    @With String runId,
    String version,
    String buildUrl,
    String buildNumber,
    String branch,
    String commit,
    List<String> tags,
    Map<String, String> annotations,
    Integer rampUpSeconds,
    @With Instant startedAt) {

  public RunRequest {
    tags = tags == null ? null : List.copyOf(tags);
    annotations = annotations == null ? null : Map.copyOf(annotations);
  }

  public static Builder builder(String system, String workload, String environment) {
    return new Builder(system, workload, environment);
  }

  /** The series as PerfGate names it in messages: {@code system/workload/environment}. */
  public String series() {
    return system + "/" + workload + "/" + environment;
  }

  /** Fills a {@link RunRequest} field by field: a setter named as each field (tags and annotations: below). */
  @RequiredArgsConstructor(access = AccessLevel.PRIVATE)
  @Setter
  @Accessors(fluent = true)
  public static final class Builder {
    private final String system;
    private final String workload;
    private final String environment;
    private String runId;
    private String version;
    private String buildUrl;
    private String buildNumber;
    private String branch;
    private String commit;
    private List<String> tags;
    private final Map<String, String> annotations = new LinkedHashMap<>();
    private Integer rampUpSeconds;
    private Instant startedAt;

    public Builder tags(List<String> value) {
      this.tags = value == null || value.isEmpty() ? null : value;
      return this;
    }

    public Builder annotations(Map<String, String> value) {
      if (value != null) {
        annotations.putAll(value);
      }
      return this;
    }

    public RunRequest build() {
      return new RunRequest(system, workload, environment, runId, version, buildUrl, buildNumber, branch, commit,
          tags, annotations.isEmpty() ? null : annotations, rampUpSeconds, startedAt);
    }
  }
}
