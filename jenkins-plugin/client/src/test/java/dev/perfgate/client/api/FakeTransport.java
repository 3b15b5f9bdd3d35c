package dev.perfgate.client.api;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * A scripted PerfGate for unit tests: answers each request with the next scripted response (or throws the next
 * scripted error), records what was sent, and keeps a fake clock that sleeping advances.
 */
public final class FakeTransport implements Transport {

  /** One request as sent. */
  public record Sent(String method, String path, String body) {
  }

  private final Deque<Object> script = new ArrayDeque<>();
  private final List<Sent> sent = new ArrayList<>();
  private final List<Duration> sleeps = new ArrayList<>();
  private Instant now = Instant.parse("2026-11-22T10:00:00Z");
  private Duration latency = Duration.ZERO;

  public FakeTransport answer(int status, String body) {
    script.add(new Response(status, body));
    return this;
  }

  /** An answer with a Retry-After header of {@code retryAfter} (as the JDK transport reads it). */
  public FakeTransport answer(int status, String body, Duration retryAfter) {
    script.add(new Response(status, body, retryAfter));
    return this;
  }

  public FakeTransport fail(IOException error) {
    script.add(error);
    return this;
  }

  /** Each request takes this long on the fake clock. */
  public FakeTransport latency(Duration value) {
    this.latency = value;
    return this;
  }

  @Override
  public Response send(String method, URI uri, Map<String, String> headers, byte[] body, Duration timeout)
      throws IOException {
    String path = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
    sent.add(new Sent(method, path, body == null ? null : new String(body, StandardCharsets.UTF_8)));
    now = now.plus(latency);
    Object next = script.poll();
    if (next == null) {
      throw new AssertionError("no scripted answer left for " + method + " " + path);
    }
    if (next instanceof IOException error) {
      throw error;
    }
    return (Response) next;
  }

  public List<Sent> sent() {
    return sent;
  }

  public List<Duration> sleeps() {
    return sleeps;
  }

  public Instant now() {
    return now;
  }

  /** A client of this fake at http://perfgate.test with token t and the given retry policy. */
  public PerfGateClient client(Retry retry, List<String> log) {
    return new PerfGateClient("http://perfgate.test/", "t", retry, this, duration -> {
      sleeps.add(duration);
      now = now.plus(duration);
    }, new Clock() {
      @Override
      public ZoneOffset getZone() {
        return ZoneOffset.UTC;
      }

      @Override
      public Clock withZone(java.time.ZoneId zone) {
        return this;
      }

      @Override
      public Instant instant() {
        return now;
      }
    }, log::add);
  }

  /** A run view as the server sends it. */
  public static String run(String id, String runId, String status, String startedAt) {
    return "{\"id\":\"" + id + "\",\"system\":\"shop\",\"workload\":\"checkout\",\"environment\":\"perf\","
        + "\"runId\":\"" + runId + "\",\"status\":\"" + status + "\",\"startedAt\":\"" + startedAt + "\","
        + "\"rampUpSeconds\":30,\"links\":{\"ui\":\"http://perfgate.test/runs/" + id + "\"}}";
  }

  /** A verdict view with no checks. */
  public static String verdict(String status, String gate, String summary) {
    return "{\"id\":\"r1\",\"runId\":\"42\",\"system\":\"shop\",\"workload\":\"checkout\",\"environment\":\"perf\","
        + "\"status\":\"" + status + "\",\"gate\":" + (gate == null ? "null" : "\"" + gate + "\"")
        + ",\"summary\":\"" + summary + "\",\"checks\":[],\"links\":{\"run\":\"http://perfgate.test/runs/r1\"}}";
  }
}
