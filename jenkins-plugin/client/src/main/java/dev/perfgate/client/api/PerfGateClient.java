package dev.perfgate.client.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The PerfGate run API ({@code /api/v1/runs}) for CI: start a run, attach results and measures, end it, wait for
 * its verdict. Every call is retried on network errors and 502/503/504 under a {@link Retry} policy; any other
 * error becomes a {@link PerfGateException} carrying the server's reason. Thread-safe.
 */
public final class PerfGateClient {

  /** How a start went: the run, and whether this call created it (false: the runId existed in the series). */
  public record Started(RunInfo run, boolean created) {
  }

  /** Sleeps between attempts and polls; tests pass one that only advances a fake clock. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration duration) throws InterruptedException;
  }

  /** The longest the server lets a verdict request wait. */
  public static final int MAX_WAIT_SECONDS = 300;
  /** Pause between polls when the server answers 202 at once (e.g. the run has not ended yet). */
  static final Duration POLL_PAUSE = Duration.ofSeconds(2);

  private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9._-]{1,100}");
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);
  /** A backtest may query Prometheus once per run and check. */
  private static final Duration BACKTEST_TIMEOUT = Duration.ofMinutes(5);

  private final URI base;
  private final String token;
  private final Retry retry;
  private final Transport transport;
  private final Sleeper sleeper;
  private final Clock clock;
  private final Consumer<String> log;

  /**
   * @param baseUrl PerfGate's address, e.g. {@code https://perfgate.example.com}
   * @param token an API token with the runner role
   * @param log where retries are reported (a CI log), one line each
   */
  public PerfGateClient(String baseUrl, String token, Retry retry, Consumer<String> log) {
    this(baseUrl, token, retry, new JdkTransport(Duration.ofSeconds(10)), duration -> Thread.sleep(duration.toMillis()),
        Clock.systemUTC(), log);
  }

  /** With a custom transport, sleeper and clock: for tests, or a transport with its own TLS setup. */
  public PerfGateClient(String baseUrl, String token, Retry retry, Transport transport, Sleeper sleeper, Clock clock,
      Consumer<String> log) {
    this.base = baseUri(baseUrl);
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("no PerfGate API token: pass --token or set PERFGATE_TOKEN");
    }
    this.token = token.trim();
    this.retry = Objects.requireNonNull(retry);
    this.transport = transport;
    this.sleeper = sleeper;
    this.clock = clock;
    this.log = log;
  }

  static URI baseUri(String baseUrl) {
    if (baseUrl == null || baseUrl.isBlank()) {
      throw new IllegalArgumentException("no PerfGate URL: pass --url or set PERFGATE_URL");
    }
    String url = baseUrl.trim().replaceAll("/+$", "");
    URI uri;
    try {
      uri = URI.create(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("PerfGate URL '" + baseUrl + "' is not a URL: " + e.getMessage(), e);
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
      throw new IllegalArgumentException("PerfGate URL '" + baseUrl + "' must be an http(s) URL with a host");
    }
    return uri;
  }

  public URI baseUrl() {
    return base;
  }

  /** Starts a run; with the runId of an existing run of the series, returns that run (idempotent). */
  public Started start(RunRequest request) throws IOException, InterruptedException {
    Transport.Response response = call("POST", "/api/v1/runs", json(request), REQUEST_TIMEOUT, "start a run of "
        + request.series());
    return new Started(read(response, RunInfo.class), response.status() == 201);
  }

  public RunInfo run(String id) throws IOException, InterruptedException {
    return read(call("GET", runPath(id), null, REQUEST_TIMEOUT, "read run " + id), RunInfo.class);
  }

  /** Attaches results: PerfGate results JSON or a Gatling 3.12 stats.json, as text. Replaces earlier results. */
  public void uploadResults(String id, String resultsJson) throws IOException, InterruptedException {
    call("POST", runPath(id) + "/results", resultsJson.getBytes(StandardCharsets.UTF_8), REQUEST_TIMEOUT,
        "upload results of run " + id);
  }

  /** Adds named numbers to the run's results, e.g. {@code cpu_avg_pct}. */
  public void addMeasures(String id, Map<String, Double> measures) throws IOException, InterruptedException {
    call("POST", runPath(id) + "/measures", json(measures), REQUEST_TIMEOUT, "add measures to run " + id);
  }

  /** Ends the run, which starts its evaluation. Ending it again the same way is harmless. */
  public RunInfo end(String id, RunEnd end) throws IOException, InterruptedException {
    return read(call("POST", runPath(id) + "/end", json(end), REQUEST_TIMEOUT, "end run " + id), RunInfo.class);
  }

  /**
   * Reports that the run's load test still runs ({@code perfgate run} does every 30 s): a run whose client reported
   * and then fell silent for the server's {@code perfgate.runs.abandon-after} is ended as aborted. Fails with status
   * 409 once the run has ended.
   */
  public void heartbeat(String id) throws IOException, InterruptedException {
    call("POST", runPath(id) + "/heartbeat", null, REQUEST_TIMEOUT, "report that run " + id + " still runs");
  }

  /** The verdict now, or after waiting up to {@code waitSeconds} while it is pending; may still be pending. */
  public Verdict verdict(String id, int waitSeconds) throws IOException, InterruptedException {
    int wait = Math.max(0, Math.min(MAX_WAIT_SECONDS, waitSeconds));
    return read(call("GET", runPath(id) + "/verdict?wait=" + wait, null, REQUEST_TIMEOUT.plusSeconds(wait),
        "read the verdict of run " + id), Verdict.class);
  }

  /**
   * Waits for the run's verdict until {@code timeout} has passed.
   *
   * @throws PerfGateException of kind TIMEOUT when it is still pending then
   */
  public Verdict awaitVerdict(String id, Duration timeout) throws IOException, InterruptedException {
    Instant deadline = clock.instant().plus(timeout);
    while (true) {
      Instant asked = clock.instant();
      long remaining = Duration.between(asked, deadline).toSeconds();
      Verdict verdict = verdict(id, (int) Math.min(remaining, MAX_WAIT_SECONDS));
      if (!verdict.pending()) {
        return verdict;
      }
      Instant now = clock.instant();
      if (!now.isBefore(deadline)) {
        throw new PerfGateException(PerfGateException.Kind.TIMEOUT, 202, "PerfGate gave no verdict for run "
            + verdict.runId() + " within " + timeout.toSeconds() + " s (still pending: " + verdict.summary()
            + "); the run: " + verdict.links().getOrDefault("run", id) + ". Not judged, so not passed.");
      }
      // the server answers at once while the run has not ended: don't spin
      if (Duration.between(asked, now).compareTo(POLL_PAUSE) < 0) {
        Duration pause = Duration.between(now, deadline);
        sleeper.sleep(pause.compareTo(POLL_PAUSE) < 0 ? pause : POLL_PAUSE);
      }
    }
  }

  /**
   * Replays the newest runs of a series through a checks file (or the checks in force) and returns what the gate
   * would have said; the server stores nothing and sends no alert.
   */
  public Backtest backtest(String system, String workload, String environment, Backtest.Request request)
      throws IOException, InterruptedException {
    String series = system + "/" + workload + "/" + environment;
    String path = "/api/v1/series/" + segment(system) + "/" + segment(workload) + "/" + segment(environment)
        + "/backtest";
    return read(call("POST", path, json(request), BACKTEST_TIMEOUT, "backtest "
        + (request.file() == null ? "the checks in force" : request.file()) + " over " + series), Backtest.class);
  }

  private static String segment(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("system, workload and environment are required");
    }
    return URLEncoder.encode(name, StandardCharsets.UTF_8).replace("+", "%20");
  }

  private static String runPath(String id) {
    if (id == null || !RUN_ID.matcher(id).matches()) {
      throw new IllegalArgumentException("'" + id + "' is not a PerfGate run id");
    }
    return "/api/v1/runs/" + id;
  }

  /** One call with retries: returns a 2xx answer, or throws with the reason. */
  Transport.Response call(String method, String path, byte[] body, Duration timeout, String what)
      throws IOException, InterruptedException {
    URI uri = base.resolve(base.getPath() + path);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Authorization", "Bearer " + token);
    headers.put("Accept", "application/json, application/problem+json");
    headers.put("User-Agent", "perfgate-client");
    if (body != null) {
      headers.put("Content-Type", "application/json");
    }
    Instant first = clock.instant();
    String lastProblem = null;
    IOException lastError = null;
    int lastStatus = 0;
    Duration retryAfter = null;
    for (int attempt = 1; attempt <= retry.maxAttempts(); attempt++) {
      if (attempt > 1) {
        Duration delay = retry.delayBefore(attempt, retryAfter);
        log.accept("PerfGate: could not " + what + " (" + lastProblem + "); retrying in " + seconds(delay)
            + " (attempt " + attempt + " of " + retry.maxAttempts() + ")");
        sleeper.sleep(delay);
      }
      try {
        Transport.Response response = transport.send(method, uri, headers, body, timeout);
        if (response.status() >= 200 && response.status() < 300) {
          return response;
        }
        if (!Retry.retryable(response.status())) {
          throw rejected(method, path, what, response);
        }
        lastStatus = response.status();
        lastError = null;
        retryAfter = response.retryAfter();
        lastProblem = "HTTP " + response.status() + detail(response).map(d -> ": " + d).orElse("")
            + (retryAfter == null ? "" : ", Retry-After " + seconds(retryAfter));
      } catch (PerfGateException e) {
        throw e;
      } catch (IOException e) {
        lastError = e;
        lastStatus = 0;
        retryAfter = null;
        lastProblem = describe(e);
      }
    }
    throw new PerfGateException(PerfGateException.Kind.UNAVAILABLE, lastStatus, "PerfGate at " + base
        + " is unavailable: could not " + what + " (" + method + " " + path + ") in " + retry.maxAttempts()
        + " attempts over " + seconds(Duration.between(first, clock.instant())) + "; last: " + lastProblem
        + ". The run was not judged, so it did not pass.", lastError);
  }

  private PerfGateException rejected(String method, String path, String what, Transport.Response response) {
    String reason = detail(response).orElse("no reason given");
    String hint = switch (response.status()) {
      case 401 -> " Check the API token (--token or PERFGATE_TOKEN).";
      case 403 -> " The token needs the runner role to record runs.";
      default -> "";
    };
    return new PerfGateException(PerfGateException.Kind.REJECTED, response.status(), "PerfGate refused to " + what
        + " (" + method + " " + path + " answered " + response.status() + "): " + reason + "." + hint);
  }

  /** The problem detail's human text, else its title, else the start of the body. */
  static Optional<String> detail(Transport.Response response) {
    String body = response.body();
    if (body == null || body.isBlank()) {
      return Optional.empty();
    }
    try {
      JsonNode problem = ApiJson.MAPPER.readTree(body);
      for (String field : new String[] {"detail", "title"}) {
        if (problem.hasNonNull(field) && !problem.get(field).asText().isBlank()) {
          return Optional.of(problem.get(field).asText().replaceAll("\\.$", ""));
        }
      }
    } catch (JsonProcessingException e) {
      // not JSON: a proxy's HTML page, say
    }
    String text = body.strip().replaceAll("\\s+", " ");
    return Optional.of(text.length() > 200 ? text.substring(0, 200) + "…" : text);
  }

  private static String describe(IOException e) {
    String message = e.getMessage();
    if (e instanceof HttpTimeoutException) {
      return "no answer in time";
    }
    if (e instanceof ConnectException) {
      return "connection refused" + (message == null || message.isBlank() ? "" : ": " + message);
    }
    return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }

  private static String seconds(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", millis / 1000.0);
  }

  private static byte[] json(Object value) {
    try {
      return ApiJson.MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write " + value, e);
    }
  }

  private static <T> T read(Transport.Response response, Class<T> type) throws PerfGateException {
    try {
      return ApiJson.MAPPER.readValue(response.body(), type);
    } catch (JsonProcessingException e) {
      throw new PerfGateException(PerfGateException.Kind.REJECTED, response.status(),
          "PerfGate answered " + response.status() + " with a body this client cannot read as a "
              + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
    }
  }
}
