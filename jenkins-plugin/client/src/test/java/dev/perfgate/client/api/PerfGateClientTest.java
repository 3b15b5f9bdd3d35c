package dev.perfgate.client.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PerfGateClientTest {

  private static final String RUN = FakeTransport.run("r1", "42", "running", "2026-11-22T10:00:00Z");
  private static final RunRequest REQUEST = RunRequest.builder("shop", "checkout", "perf").runId("42").build();

  private final List<String> log = new ArrayList<>();
  private final FakeTransport perfGate = new FakeTransport();

  @Test
  void shouldRetryAfterServiceUnavailableAndThenSucceed() throws Exception {
    perfGate.answer(503, "{\"title\":\"Service Unavailable\"}").answer(201, RUN);

    PerfGateClient.Started started = perfGate.client(Retry.DEFAULT, log).start(REQUEST);

    assertThat(started.created()).isTrue();
    assertThat(started.run().id()).isEqualTo("r1");
    assertThat(perfGate.sleeps()).containsExactly(Duration.ofMillis(500));
    assertThat(log).singleElement().asString()
        .contains("could not start a run of shop/checkout/perf (HTTP 503: Service Unavailable)")
        .contains("retrying in 0.5 s (attempt 2 of 5)");
  }

  @Test
  void shouldWaitAsLongAsRetryAfterAsksBeforeRetrying() throws Exception {
    perfGate.answer(503, "{\"detail\":\"The store is briefly unavailable\"}", Duration.ofSeconds(2))
        .answer(503, "{}", Duration.ofHours(1)).answer(201, RUN);

    PerfGateClient.Started started = perfGate.client(Retry.DEFAULT, log).start(REQUEST);

    assertThat(started.created()).isTrue();
    assertThat(perfGate.sleeps()).as("the server's 2 s, then an hour cut to the cap")
        .containsExactly(Duration.ofSeconds(2), Retry.MAX_RETRY_AFTER);
    assertThat(log.get(0)).contains("Retry-After 2 s").contains("retrying in 2 s");
  }

  @Test
  void shouldRetryAfterANetworkError() throws Exception {
    perfGate.fail(new IOException("Connection reset")).answer(200, RUN);

    PerfGateClient.Started started = perfGate.client(Retry.DEFAULT, log).start(REQUEST);

    assertThat(started.created()).as("200: the run existed, e.g. the first attempt created it").isFalse();
    assertThat(perfGate.sent()).hasSize(2).allSatisfy(sent -> assertThat(sent.path()).isEqualTo("/api/v1/runs"));
  }

  @Test
  void shouldGiveUpAfterTheLastAttemptWithAClearMessage() {
    for (int i = 0; i < 3; i++) {
      perfGate.fail(new ConnectException("Connection refused"));
    }

    assertThatThrownBy(() -> perfGate.client(Retry.DEFAULT.withRetries(2), log).start(REQUEST))
        .isInstanceOfSatisfying(PerfGateException.class, e -> assertThat(e.kind()).isEqualTo(PerfGateException.Kind.UNAVAILABLE))
        .hasMessageContaining("PerfGate at http://perfgate.test is unavailable")
        .hasMessageContaining("in 3 attempts over 1.5 s")
        .hasMessageContaining("connection refused")
        .hasMessageContaining("not judged, so it did not pass");
    assertThat(perfGate.sleeps()).containsExactly(Duration.ofMillis(500), Duration.ofSeconds(1));
  }

  @Test
  void shouldNotRetryARejectedRequestAndShouldQuoteTheServersReason() {
    perfGate.answer(400, "{\"title\":\"Bad Request\",\"status\":400,\"detail\":\"system: must not be blank\"}");

    assertThatThrownBy(() -> perfGate.client(Retry.DEFAULT, log).start(REQUEST))
        .isInstanceOfSatisfying(PerfGateException.class, e -> assertThat(e.status()).isEqualTo(400))
        .hasMessage("PerfGate refused to start a run of shop/checkout/perf (POST /api/v1/runs answered 400):"
            + " system: must not be blank.");
    assertThat(perfGate.sent()).hasSize(1);
  }

  @Test
  void shouldPointAtTheTokenWhenUnauthorized() {
    perfGate.answer(401, "{\"detail\":\"An API token is required\"}");

    assertThatThrownBy(() -> perfGate.client(Retry.DEFAULT, log).start(REQUEST))
        .hasMessageEndingWith("Check the API token (--token or PERFGATE_TOKEN).");
  }

  @Test
  void shouldSendTheRunRequestWithoutNullFieldsAndWithIsoInstants() throws Exception {
    perfGate.answer(201, RUN);
    RunRequest request = RunRequest.builder("shop", "checkout", "perf").runId("42").rampUpSeconds(30)
        .startedAt(Instant.parse("2026-11-22T10:00:00.123Z")).build();

    perfGate.client(Retry.DEFAULT, log).start(request);

    assertThat(perfGate.sent().get(0).body()).isEqualTo("{\"system\":\"shop\",\"workload\":\"checkout\","
        + "\"environment\":\"perf\",\"runId\":\"42\",\"rampUpSeconds\":30,\"startedAt\":\"2026-11-22T10:00:00.123Z\"}");
  }

  @Test
  void shouldEndARunWithItsExactEnd() throws Exception {
    perfGate.answer(200, FakeTransport.run("r1", "42", "completed", "2026-11-22T10:00:00Z"));

    perfGate.client(Retry.DEFAULT, log).end("r1", RunEnd.completed(Instant.parse("2026-11-22T10:05:00.5Z")));

    assertThat(perfGate.sent().get(0)).isEqualTo(new FakeTransport.Sent("POST", "/api/v1/runs/r1/end",
        "{\"status\":\"completed\",\"endedAt\":\"2026-11-22T10:05:00.500Z\"}"));
  }

  @Test
  void shouldReadAVerdictWhoseLinksAndProfilesHaveNoAddress() throws Exception {
    // an INCONCLUSIVE verdict whose CPU profile could not be read: PerfGate before this fix wrote its flamegraph link as
    // null, which the client then refused to read (exit 1, the checks never shown)
    perfGate.answer(200, "{\"id\":\"r1\",\"runId\":\"42\",\"system\":\"shop\",\"workload\":\"checkout\","
        + "\"environment\":\"perf\",\"status\":\"INCONCLUSIVE\",\"gate\":\"fail\",\"summary\":\"INCONCLUSIVE: 1 of 1\","
        + "\"checks\":[{\"id\":\"cpu\",\"status\":\"INCONCLUSIVE\",\"explanation\":[null],\"links\":{\"diff\":null}}],"
        + "\"profiles\":[{\"type\":\"cpu\",\"status\":\"NO_DATA\",\"flamegraphUrl\":null}],"
        + "\"links\":{\"run\":\"http://perfgate.test/runs/r1\",\"flamegraph\":null}}");

    Verdict verdict = perfGate.client(Retry.DEFAULT, log).verdict("r1", 0);

    assertThat(verdict.status()).isEqualTo(Verdict.Status.INCONCLUSIVE);
    assertThat(verdict.links()).containsOnlyKeys("run");
    assertThat(verdict.checks().get(0).links()).isEmpty();
    assertThat(verdict.checks().get(0).explanation()).isEmpty();
  }

  @Test
  void shouldWaitForAPendingVerdictUntilItArrives() throws Exception {
    perfGate.answer(202, FakeTransport.verdict("PENDING", null, "the run has not ended yet"))
        .answer(200, FakeTransport.verdict("PASS", "pass", "PASS: all 1 checks passed"));

    Verdict verdict = perfGate.client(Retry.DEFAULT, log).awaitVerdict("r1", Duration.ofSeconds(300));

    assertThat(verdict.status()).isEqualTo(Verdict.Status.PASS);
    assertThat(perfGate.sent()).extracting(FakeTransport.Sent::path)
        .as("asks the server to wait, up to its maximum, for the rest of the timeout")
        .containsExactly("/api/v1/runs/r1/verdict?wait=300", "/api/v1/runs/r1/verdict?wait=298");
    assertThat(perfGate.sleeps()).as("pauses when the server answered at once").containsExactly(Duration.ofSeconds(2));
  }

  @Test
  void shouldTimeOutWhenTheVerdictStaysPending() {
    perfGate.latency(Duration.ofSeconds(5));
    for (int i = 0; i < 3; i++) {
      perfGate.answer(202, FakeTransport.verdict("PENDING", null, "evaluation pending"));
    }

    assertThatThrownBy(() -> perfGate.client(Retry.DEFAULT, log).awaitVerdict("r1", Duration.ofSeconds(12)))
        .isInstanceOfSatisfying(PerfGateException.class, e -> assertThat(e.kind()).isEqualTo(PerfGateException.Kind.TIMEOUT))
        .hasMessage("PerfGate gave no verdict for run 42 within 12 s (still pending: evaluation pending); the run:"
            + " http://perfgate.test/runs/r1. Not judged, so not passed.");
    assertThat(perfGate.sent()).extracting(FakeTransport.Sent::path)
        .containsExactly("/api/v1/runs/r1/verdict?wait=12", "/api/v1/runs/r1/verdict?wait=7",
            "/api/v1/runs/r1/verdict?wait=2");
  }

  @Test
  void shouldReadUnknownVerdictFieldsAndStatusesWithoutFailing() throws Exception {
    perfGate.answer(200, "{\"status\":\"SOMETHING_NEW\",\"newField\":1,\"checks\":[{\"id\":\"cpu\",\"status\":\"PASS\","
        + "\"extra\":true}]}");

    Verdict verdict = perfGate.client(Retry.DEFAULT, log).verdict("r1", 0);

    assertThat(verdict.status()).isEqualTo(Verdict.Status.UNKNOWN);
    assertThat(verdict.checks()).singleElement().extracting(Verdict.Check::id).isEqualTo("cpu");
  }

  @Test
  void shouldPostMeasuresAsAJsonObject() throws Exception {
    perfGate.answer(200, "{}");

    perfGate.client(Retry.DEFAULT, log).addMeasures("r1", Map.of("cpu_avg_pct", 41.5));

    assertThat(perfGate.sent().get(0).body()).isEqualTo("{\"cpu_avg_pct\":41.5}");
  }

  @Test
  void shouldRefuseAMissingUrlOrTokenWithTheWayToGiveThem() {
    assertThatThrownBy(() -> new PerfGateClient(null, "t", Retry.DEFAULT, log::add))
        .hasMessage("no PerfGate URL: pass --url or set PERFGATE_URL");
    assertThatThrownBy(() -> new PerfGateClient("http://perfgate.test", " ", Retry.DEFAULT, log::add))
        .hasMessage("no PerfGate API token: pass --token or set PERFGATE_TOKEN");
    assertThatThrownBy(() -> new PerfGateClient("perfgate.test:8080", "t", Retry.DEFAULT, log::add))
        .hasMessageContaining("must be an http(s) URL");
  }

  @Test
  void shouldRefuseARunIdThatIsNotOne() {
    assertThatThrownBy(() -> perfGate.client(Retry.DEFAULT, log).run("../tokens"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void shouldKeepAPathUnderTheBaseUrl() throws Exception {
    perfGate.answer(200, RUN);
    PerfGateClient client = new PerfGateClient("http://proxy.test/perfgate/", "t", Retry.DEFAULT, perfGate,
        duration -> { }, java.time.Clock.systemUTC(), log::add);

    client.run("r1");

    assertThat(perfGate.sent().get(0).path()).isEqualTo("/perfgate/api/v1/runs/r1");
  }
}
