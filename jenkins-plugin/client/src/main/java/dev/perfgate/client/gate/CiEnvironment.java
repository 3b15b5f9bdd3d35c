package dev.perfgate.client.gate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * What the CI system's environment says about the build: a runId that is the same when the same step is retried
 * (so a retried start never records a second run), and the build's URL, number, branch and commit.
 *
 * <ul>
 *   <li>Jenkins: {@code BUILD_TAG} (jenkins-job-number), {@code BUILD_URL}, {@code BUILD_NUMBER},
 *       {@code BRANCH_NAME} or {@code GIT_BRANCH}, {@code GIT_COMMIT};</li>
 *   <li>GitHub Actions: {@code gh-<GITHUB_RUN_ID>-<GITHUB_RUN_ATTEMPT>} (a re-run is a new load test, so a new
 *       run), the run's URL, {@code GITHUB_RUN_NUMBER}, the PR's head or the ref name, {@code GITHUB_SHA};</li>
 *   <li>GitLab CI: {@code gl-<CI_PIPELINE_ID>-<CI_JOB_ID>} (a retried job has a new job id), {@code CI_JOB_URL},
 *       {@code CI_PIPELINE_IID}, {@code CI_COMMIT_REF_NAME}, {@code CI_COMMIT_SHA};</li>
 *   <li>elsewhere: a random UUID, and nothing else.</li>
 * </ul>
 *
 * @param provider jenkins, github, gitlab or none
 * @param runId a valid PerfGate runId (letters, digits, '.', '_', '-'; at most 100)
 */
public record CiEnvironment(String provider, String runId, String buildUrl, String buildNumber, String branch,
    String commit) {

  static final int MAX_RUN_ID = 100;

  public static CiEnvironment from(Map<String, String> env) {
    return from(env, () -> UUID.randomUUID().toString());
  }

  static CiEnvironment from(Map<String, String> env, Supplier<String> uuid) {
    if (present(env, "GITHUB_ACTIONS") && present(env, "GITHUB_RUN_ID")) {
      String attempt = present(env, "GITHUB_RUN_ATTEMPT") ? env.get("GITHUB_RUN_ATTEMPT") : "1";
      String runUrl = present(env, "GITHUB_SERVER_URL") && present(env, "GITHUB_REPOSITORY")
          ? env.get("GITHUB_SERVER_URL") + "/" + env.get("GITHUB_REPOSITORY") + "/actions/runs/" + env.get("GITHUB_RUN_ID")
              + "/attempts/" + attempt
          : null;
      String branch = present(env, "GITHUB_HEAD_REF") ? env.get("GITHUB_HEAD_REF") : env.get("GITHUB_REF_NAME");
      return new CiEnvironment("github", runId("gh-" + env.get("GITHUB_RUN_ID") + "-" + attempt), url(runUrl),
          env.get("GITHUB_RUN_NUMBER"), blankToNull(branch), blankToNull(env.get("GITHUB_SHA")));
    }
    if (present(env, "GITLAB_CI") && present(env, "CI_PIPELINE_ID")) {
      String job = present(env, "CI_JOB_ID") ? "-" + env.get("CI_JOB_ID") : "";
      return new CiEnvironment("gitlab", runId("gl-" + env.get("CI_PIPELINE_ID") + job), url(env.get("CI_JOB_URL")),
          blankToNull(env.get("CI_PIPELINE_IID")), blankToNull(env.get("CI_COMMIT_REF_NAME")),
          blankToNull(env.get("CI_COMMIT_SHA")));
    }
    if (present(env, "BUILD_TAG")) {
      String branch = present(env, "BRANCH_NAME") ? env.get("BRANCH_NAME") : env.get("GIT_BRANCH");
      if (branch != null && branch.startsWith("origin/")) {
        branch = branch.substring("origin/".length());
      }
      return new CiEnvironment("jenkins", runId(env.get("BUILD_TAG")), url(env.get("BUILD_URL")),
          blankToNull(env.get("BUILD_NUMBER")), blankToNull(branch), blankToNull(env.get("GIT_COMMIT")));
    }
    return new CiEnvironment("none", uuid.get(), null, null, null, null);
  }

  /**
   * {@code raw} as a valid runId: other characters become '-', a leading one that is not a letter or digit goes, and
   * a longer one keeps its first 87 characters plus a hash of the whole, so two long ids stay apart.
   */
  public static String runId(String raw) {
    String id = raw.strip().replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("^[^A-Za-z0-9]+", "");
    if (id.isEmpty()) {
      throw new IllegalArgumentException("'" + raw + "' leaves no letter or digit for a run id");
    }
    if (id.length() <= MAX_RUN_ID) {
      return id;
    }
    return id.substring(0, MAX_RUN_ID - 13) + "-" + sha256(raw).substring(0, 12);
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  private static boolean present(Map<String, String> env, String name) {
    return env.get(name) != null && !env.get(name).isBlank();
  }

  /** PerfGate takes only http(s) URLs; anything else is left out rather than fail the start. */
  private static String url(String value) {
    return value != null && value.strip().matches("https?://\\S+") ? value.strip() : null;
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
