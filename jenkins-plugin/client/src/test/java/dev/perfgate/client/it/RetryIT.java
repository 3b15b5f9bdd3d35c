package dev.perfgate.client.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Retries through a misbehaving network: lost answers and a brief outage never make a second run nor a failure. */
@ExtendWith(PerfGateServerExtension.class)
class RetryIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void shouldRecordOneRunWhenTheAnswerToTheStartIsLost(PerfGateServer server) throws Exception {
    try (LossyProxy proxy = new LossyProxy(server.port()).dropResponses(1, line -> line.startsWith("POST /api/v1/runs "))) {
      Cli.Result result = new Cli(proxy.url()).run("run", "--system", "shop", "--workload", "lost-answer",
          "--environment", "it", "--retry-delay-ms", "200", "--measure", "cpu_avg_pct=20", "--measure",
          "latency_ms=20", "--", "true");

      assertThat(result.exit()).as(result.toString()).isZero();
      assertThat(result.err()).contains("could not start a run of shop/lost-answer/it").contains("retrying in 0.2 s")
          .contains("exists (running), taking it over");
    }
    JsonNode runs = JSON.readTree(server.get("/api/v1/runs?system=shop&workload=lost-answer")).path("runs");
    assertThat(runs).as("the retried start found the run the lost one had made").hasSize(1);
    assertThat(runs.get(0).path("status").asText()).isEqualTo("completed");
  }

  @Test
  void shouldEndARunOnceWhenTheAnswerToTheEndIsLost(PerfGateServer server) throws Exception {
    try (LossyProxy proxy = new LossyProxy(server.port()).dropResponses(1, line -> line.matches("POST /api/v1/runs/\\w+/end .*"))) {
      Cli.Result result = new Cli(proxy.url()).run("run", "--system", "shop", "--workload", "lost-end",
          "--environment", "it", "--retry-delay-ms", "200", "--measure", "cpu_avg_pct=20", "--measure",
          "latency_ms=20", "--", "true");

      assertThat(result.exit()).as(result.toString()).isZero();
      assertThat(result.err()).contains("could not end run");
    }
    JsonNode runs = JSON.readTree(server.get("/api/v1/runs?system=shop&workload=lost-end")).path("runs");
    assertThat(runs).hasSize(1);
  }

  @Test
  void shouldRideOutABriefOutage(PerfGateServer server) throws Exception {
    try (LossyProxy proxy = new LossyProxy(server.port()).unavailable(2)) {
      Cli.Result result = new Cli(proxy.url()).run("run", "--system", "shop", "--workload", "outage", "--environment",
          "it", "--retry-delay-ms", "200", "--measure", "cpu_avg_pct=20", "--measure", "latency_ms=20", "--", "true");

      assertThat(result.exit()).as(result.toString()).isZero();
      assertThat(result.err()).contains("(HTTP 503: Service Unavailable); retrying in 0.2 s (attempt 2 of 5)")
          .contains("retrying in 0.4 s (attempt 3 of 5)");
    }
  }

  @Test
  void shouldWaitAsLongAsRetryAfterAsks(PerfGateServer server) throws Exception {
    try (LossyProxy proxy = new LossyProxy(server.port()).unavailable(1).retryAfter("1")) {
      Cli.Result result = new Cli(proxy.url()).run("start", "--system", "shop", "--workload", "retry-after",
          "--environment", "it", "--retry-delay-ms", "100");

      assertThat(result.exit()).as(result.toString()).isZero();
      assertThat(result.err()).as("the server's 1 s, not the 0.1 s backoff")
          .contains("HTTP 503: Service Unavailable, Retry-After 1 s); retrying in 1 s (attempt 2 of 5)");
    }
  }

  @Test
  void shouldFailClearlyWhenTheOutageOutlastsTheRetries(PerfGateServer server) throws Exception {
    try (LossyProxy proxy = new LossyProxy(server.port()).unavailable(10)) {
      Cli.Result result = new Cli(proxy.url()).run("start", "--system", "shop", "--workload", "long-outage",
          "--environment", "it", "--retries", "2", "--retry-delay-ms", "100");

      assertThat(result.exit()).as(result.toString()).isEqualTo(1);
      assertThat(result.err()).contains("is unavailable: could not start a run of shop/long-outage/it")
          .contains("last: HTTP 503: Service Unavailable");
      assertThat(proxy.forwarded()).as("nothing reached PerfGate").isZero();
    }
  }
}
