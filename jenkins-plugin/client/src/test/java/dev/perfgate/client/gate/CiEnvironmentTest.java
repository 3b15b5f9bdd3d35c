package dev.perfgate.client.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CiEnvironmentTest {

  @Test
  void shouldTakeJenkinsBuildTagAsTheRunId() {
    CiEnvironment ci = CiEnvironment.from(Map.of("BUILD_TAG", "jenkins-shop/perf test-42",
        "BUILD_URL", "https://ci.example.com/job/shop/42/", "BUILD_NUMBER", "42", "GIT_BRANCH", "origin/main",
        "GIT_COMMIT", "abc123"));

    assertThat(ci).isEqualTo(new CiEnvironment("jenkins", "jenkins-shop-perf-test-42",
        "https://ci.example.com/job/shop/42/", "42", "main", "abc123"));
  }

  @Test
  void shouldPreferTheMultibranchBranchName() {
    CiEnvironment ci = CiEnvironment.from(Map.of("BUILD_TAG", "jenkins-x-1", "BRANCH_NAME", "PR-7",
        "GIT_BRANCH", "origin/feature"));

    assertThat(ci.branch()).isEqualTo("PR-7");
  }

  @Test
  void shouldMakeAGitHubReRunANewRun() {
    Map<String, String> env = Map.of("GITHUB_ACTIONS", "true", "GITHUB_RUN_ID", "9001", "GITHUB_RUN_ATTEMPT", "2",
        "GITHUB_RUN_NUMBER", "77", "GITHUB_SERVER_URL", "https://github.com", "GITHUB_REPOSITORY", "acme/shop",
        "GITHUB_REF_NAME", "main", "GITHUB_SHA", "deadbeef");

    CiEnvironment ci = CiEnvironment.from(env);

    assertThat(ci).isEqualTo(new CiEnvironment("github", "gh-9001-2",
        "https://github.com/acme/shop/actions/runs/9001/attempts/2", "77", "main", "deadbeef"));
  }

  @Test
  void shouldTakeThePullRequestsHeadBranchOnGitHub() {
    CiEnvironment ci = CiEnvironment.from(Map.of("GITHUB_ACTIONS", "true", "GITHUB_RUN_ID", "9001",
        "GITHUB_HEAD_REF", "feature/x", "GITHUB_REF_NAME", "7/merge"));

    assertThat(ci.runId()).as("attempt 1 when not given").isEqualTo("gh-9001-1");
    assertThat(ci.branch()).isEqualTo("feature/x");
  }

  @Test
  void shouldMakeARetriedGitLabJobANewRun() {
    CiEnvironment ci = CiEnvironment.from(Map.of("GITLAB_CI", "true", "CI_PIPELINE_ID", "5000", "CI_JOB_ID", "123456",
        "CI_JOB_URL", "https://gitlab.example.com/acme/shop/-/jobs/123456", "CI_PIPELINE_IID", "88",
        "CI_COMMIT_REF_NAME", "main", "CI_COMMIT_SHA", "cafe"));

    assertThat(ci).isEqualTo(new CiEnvironment("gitlab", "gl-5000-123456",
        "https://gitlab.example.com/acme/shop/-/jobs/123456", "88", "main", "cafe"));
  }

  @Test
  void shouldFallBackToAUuidOutsideCi() {
    CiEnvironment ci = CiEnvironment.from(Map.of("HOME", "/root"), () -> "0b6c2f5e-1111-2222-3333-444455556666");

    assertThat(ci).isEqualTo(new CiEnvironment("none", "0b6c2f5e-1111-2222-3333-444455556666", null, null, null, null));
  }

  @Test
  void shouldLeaveOutABuildUrlPerfGateWouldRefuse() {
    CiEnvironment ci = CiEnvironment.from(Map.of("BUILD_TAG", "jenkins-x-1", "BUILD_URL", "ci.local/job/x/1"));

    assertThat(ci.buildUrl()).isNull();
  }

  @Test
  void shouldKeepLongRunIdsWithinTheLimitAndApart() {
    String prefix = "jenkins-" + "folder/".repeat(20);

    String first = CiEnvironment.runId(prefix + "job-1");
    String second = CiEnvironment.runId(prefix + "job-2");

    assertThat(first).hasSize(100).matches("[A-Za-z0-9][A-Za-z0-9._-]*");
    assertThat(first).as("a hash of the whole id keeps them apart").isNotEqualTo(second);
  }

  @Test
  void shouldDropLeadingCharactersARunIdCannotStartWith() {
    assertThat(CiEnvironment.runId("--_x y")).isEqualTo("x-y");
    assertThatThrownBy(() -> CiEnvironment.runId("//")).isInstanceOf(IllegalArgumentException.class);
  }
}
