package dev.perfgate.client.api;

import java.time.Instant;

/**
 * Body of {@code POST /api/v1/runs/{id}/end}.
 *
 * @param status {@code completed} or {@code aborted}
 * @param reason why it was aborted, or null
 * @param endedAt the exact end of the load test; null lets the server take its own clock
 */
public record RunEnd(String status, String reason, Instant endedAt) {

  public static RunEnd completed(Instant endedAt) {
    return new RunEnd("completed", null, endedAt);
  }

  public static RunEnd aborted(String reason, Instant endedAt) {
    return new RunEnd("aborted", reason, endedAt);
  }
}
