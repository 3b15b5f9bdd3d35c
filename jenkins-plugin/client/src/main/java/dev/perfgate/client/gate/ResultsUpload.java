package dev.perfgate.client.gate;

import java.io.IOException;
import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;

/**
 * Results ready to send: the JSON body and what it covers. Serializable, so a Jenkins agent can read and convert
 * the results next to the workspace and hand them to the controller.
 *
 * @param json PerfGate results JSON, or a Gatling 3.12 stats.json as it is
 * @param description what was read, for the log, e.g. {@code Gatling simulation.log of target/gatling/x-2026…}
 * @param start the load test's first request, when the results say (null for a stats.json)
 * @param end its last response, when the results say
 */
public record ResultsUpload(String json, String description, Instant start, Instant end) implements Serializable {

  private static final long serialVersionUID = 1L;
  /** Clock and rounding slack between the load test's timestamps and the run's start. */
  static final Duration SLACK = Duration.ofSeconds(5);

  /**
   * Refuses results that began before the run did: they are left over from an earlier load test (a results
   * folder that was not cleaned, a command that did not run Gatling), and judging them would be judging the wrong
   * code.
   */
  public void requireNotBefore(Instant runStart) throws IOException {
    if (start != null && runStart != null && start.isBefore(runStart.minus(SLACK))) {
      throw new IOException("the results (" + description + ") began at " + start + ", before the run started at "
          + runStart + ": they are from an earlier load test. Clean the results folder before the load test, or"
          + " check that the command really ran it.");
    }
  }
}
