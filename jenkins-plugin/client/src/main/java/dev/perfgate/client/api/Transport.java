package dev.perfgate.client.api;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Map;

/** Sends one HTTP request to PerfGate; the seam that lets the retry logic be tested without a network. */
public interface Transport {

  /**
   * Sends {@code body} (null for none) and returns the answer, whatever its status.
   *
   * @throws IOException when no answer arrived: refused, reset, timed out
   */
  Response send(String method, URI uri, Map<String, String> headers, byte[] body, Duration timeout)
      throws IOException, InterruptedException;

  /**
   * An HTTP answer: status, body text and the wait its {@code Retry-After} header asks for (null without one).
   */
  record Response(int status, String body, Duration retryAfter) {

    public Response(int status, String body) {
      this(status, body, null);
    }
  }
}
