package dev.perfgate.client.api;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Body of {@code POST /api/v1/runs}: the series (system, workload, environment) and what CI knows about the run.
 * Null fields are not sent; the server fills its defaults (a run number for runId, now for startedAt).
 */
public record RunRequest(
    String system,
    String workload,
    String environment,
    String runId,
    String version,
    String buildUrl,
    String buildNumber,
    String branch,
    String commit,
    List<String> tags,
    Map<String, String> annotations,
    Integer rampUpSeconds,
    Instant startedAt) {

  public RunRequest {
    tags = tags == null ? null : List.copyOf(tags);
    annotations = annotations == null ? null : Map.copyOf(annotations);
  }

  public static Builder builder(String system, String workload, String environment) {
    return new Builder(system, workload, environment);
  }

  /** The same request under another runId (a retry of an ended run gets a fresh one). */
  public RunRequest withRunId(String newRunId) {
    return new RunRequest(system, workload, environment, newRunId, version, buildUrl, buildNumber, branch, commit,
        tags, annotations, rampUpSeconds, startedAt);
  }

  public RunRequest withStartedAt(Instant start) {
    return new RunRequest(system, workload, environment, runId, version, buildUrl, buildNumber, branch, commit,
        tags, annotations, rampUpSeconds, start);
  }

  /** The series as PerfGate names it in messages: {@code system/workload/environment}. */
  public String series() {
    return system + "/" + workload + "/" + environment;
  }

  /** Fills a {@link RunRequest} field by field. */
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

    private Builder(String system, String workload, String environment) {
      this.system = system;
      this.workload = workload;
      this.environment = environment;
    }

    public Builder runId(String value) {
      this.runId = value;
      return this;
    }

    public Builder version(String value) {
      this.version = value;
      return this;
    }

    public Builder buildUrl(String value) {
      this.buildUrl = value;
      return this;
    }

    public Builder buildNumber(String value) {
      this.buildNumber = value;
      return this;
    }

    public Builder branch(String value) {
      this.branch = value;
      return this;
    }

    public Builder commit(String value) {
      this.commit = value;
      return this;
    }

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

    public Builder rampUpSeconds(Integer value) {
      this.rampUpSeconds = value;
      return this;
    }

    public Builder startedAt(Instant value) {
      this.startedAt = value;
      return this;
    }

    public RunRequest build() {
      return new RunRequest(system, workload, environment, runId, version, buildUrl, buildNumber, branch, commit,
          tags, annotations.isEmpty() ? null : annotations, rampUpSeconds, startedAt);
    }
  }
}
