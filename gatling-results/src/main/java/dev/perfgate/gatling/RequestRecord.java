package dev.perfgate.gatling;

import java.util.List;

/**
 * One request/response of a binary simulation.log.
 *
 * @param groups the enclosing group names, outermost first
 * @param name the request name
 * @param start when the request was sent, epoch ms
 * @param end when the response was received, epoch ms
 * @param ok whether Gatling's checks passed
 * @param message the failure message, empty when OK
 */
public record RequestRecord(List<String> groups, String name, long start, long end, boolean ok, String message) {

  public RequestRecord {
    groups = List.copyOf(groups);
  }

  /** Response time in ms, as Gatling's report takes it. */
  public int responseTime() {
    return (int) (end - start);
  }

  /** The name PerfGate reports: groups and name joined with {@code " / "}. */
  public String path() {
    return groups.isEmpty() ? name : String.join(" / ", groups) + " / " + name;
  }
}
