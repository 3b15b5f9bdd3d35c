package dev.perfgate.client.cli;

import dev.perfgate.client.api.RunRequest;
import dev.perfgate.client.gate.CiEnvironment;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The series a run belongs to and what CI knows about it; CI's own variables fill what is not given. */
final class RunOptions {

  @Mixin
  SeriesOptions series;

  @Option(names = "--run-id", paramLabel = "ID", description = "Your id of this run in its series (default: from the CI"
      + " environment: BUILD_TAG, gh-GITHUB_RUN_ID-ATTEMPT, gl-CI_PIPELINE_ID-CI_JOB_ID; else a UUID). The same id"
      + " returns the same run, so a retried start never records a second one.")
  String runId;

  // one line an option
  @Option(names = "--version", paramLabel = "VERSION", description = "Version of the system under test") String version;
  @Option(names = "--build-url", paramLabel = "URL", description = "Link to the CI build (default: from CI env)") String buildUrl;
  @Option(names = "--build-number", paramLabel = "N", description = "CI build number (default: from CI env)") String buildNumber;
  @Option(names = "--branch", paramLabel = "BRANCH", description = "(default: from CI env)") String branch;
  @Option(names = "--commit", paramLabel = "SHA", description = "(default: from CI env)") String commit;
  @Option(names = "--tag", paramLabel = "TAG", description = "A tag of the run (repeatable)") List<String> tags;
  @Option(names = "--annotation", paramLabel = "KEY=VALUE", description = "A note on the run (repeatable)")
  Map<String, String> annotations;

  @Option(names = "--ramp-up", paramLabel = "SECONDS", description = "Leading seconds of the load test left out of"
      + " the statistics (default: 0)")
  Integer rampUpSeconds;

  /** The request, with what the CI environment says where the options say nothing. */
  RunRequest request(CiEnvironment ci) {
    return RunRequest.builder(series.system, series.workload, series.environment)
        .runId(runId != null ? runId : ci.runId())
        .version(version)
        .buildUrl(buildUrl != null ? buildUrl : ci.buildUrl())
        .buildNumber(buildNumber != null ? buildNumber : ci.buildNumber())
        .branch(branch != null ? branch : ci.branch())
        .commit(commit != null ? commit : ci.commit())
        .tags(tags)
        .annotations(annotations)
        .rampUpSeconds(rampUpSeconds)
        .build();
  }

  boolean derivedRunId() {
    return runId == null;
  }
}
