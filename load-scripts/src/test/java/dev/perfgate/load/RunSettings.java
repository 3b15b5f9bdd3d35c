package dev.perfgate.load;

import static io.gatling.javaapi.core.CoreDsl.constantUsersPerSec;
import static io.gatling.javaapi.core.CoreDsl.rampUsersPerSec;

import io.gatling.javaapi.core.OpenInjectionStep;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The knobs of a load run, each a system property with a default (pass them as {@code -Dname=value}).
 *
 * <p>{@code users} is an arrival rate: new virtual users per second (open model). Each user makes one
 * pass of the workload and leaves, so a slow system under test cannot slow the load down
 * (no coordinated omission). {@code runId}, {@code system}, {@code workload} and {@code environment}
 * name the run in PerfGate; they are sent with every request so the system under test's logs and
 * profiles can be matched to it.
 */
record RunSettings(
    String baseUrl,
    double users,
    Duration rampUp,
    Duration duration,
    String runId,
    String system,
    String workload,
    String environment) {

  static RunSettings fromSystemProperties(String defaultWorkload, double defaultUsers, int defaultRampUpSeconds,
      int defaultDurationSeconds) {
    return new RunSettings(
        System.getProperty("baseUrl", "http://127.0.0.1:18080"),
        Double.parseDouble(System.getProperty("users", String.valueOf(defaultUsers))),
        Duration.ofSeconds(Integer.getInteger("rampUpSeconds", defaultRampUpSeconds)),
        Duration.ofSeconds(Integer.getInteger("durationSeconds", defaultDurationSeconds)),
        System.getProperty("runId", "local"),
        System.getProperty("system", "demo-app"),
        System.getProperty("workload", defaultWorkload),
        System.getProperty("environment", "local"));
  }

  /** Arrivals ramp linearly from 1 to {@code users} per second over the ramp-up, then hold for the duration. */
  OpenInjectionStep[] arrivals() {
    List<OpenInjectionStep> steps = new ArrayList<>();
    if (!rampUp.isZero()) {
      steps.add(rampUsersPerSec(1).to(users).during(rampUp));
    }
    steps.add(constantUsersPerSec(users).during(duration));
    return steps.toArray(OpenInjectionStep[]::new);
  }

  @Override
  public String toString() {
    return "run " + runId + " of " + system + "/" + workload + " on " + environment + " at " + baseUrl + ": "
        + users + " users/s, ramp-up " + rampUp.toSeconds() + " s, steady " + duration.toSeconds() + " s";
  }
}
