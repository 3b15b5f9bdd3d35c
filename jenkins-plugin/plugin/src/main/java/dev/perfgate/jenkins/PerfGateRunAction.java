package dev.perfgate.jenkins;

import dev.perfgate.client.api.Verdict;
import hudson.model.Action;
import lombok.AccessLevel;
import lombok.Getter;

/**
 * A link on the build to the run's page in PerfGate, with the verdict as its label; one per perfGate step of the
 * build. Its summary.jelly shows the verdict on the build page.
 */
@Getter
public class PerfGateRunAction implements Action {

  private final String series;
  private final String runId;
  private final String status;
  private final String summary;
  /** The run page's address: Jenkins reads it as {@link #getUrlName()}. */
  @Getter(AccessLevel.NONE)
  private final String url;

  public PerfGateRunAction(Verdict verdict) {
    this.series = verdict.series();
    this.runId = verdict.runId();
    this.status = String.valueOf(verdict.status());
    this.summary = verdict.summary();
    this.url = verdict.links().get("run");
  }

  @Override
  public String getIconFileName() {
    return url == null ? null : "symbol-speedometer-outline plugin-ionicons-api";
  }

  @Override
  public String getDisplayName() {
    return "PerfGate " + status + ": " + series;
  }

  /** The absolute URL of the run page: Jenkins links an action with an absolute URL as it is. */
  @Override
  public String getUrlName() {
    return url;
  }
}
