package dev.perfgate.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfgate.client.api.FakeTransport;
import dev.perfgate.client.api.Retry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class HeartbeatTest {

  @Test
  void shouldReportUntilPerfGateSaysTheRunHasEndedAndSayAFailedReportOnce() throws Exception {
    FakeTransport perfGate = new FakeTransport().answer(204, "")
        .answer(503, "{\"detail\":\"starting\"}").answer(503, "{\"detail\":\"starting\"}").answer(204, "")
        .answer(409, "{\"detail\":\"Run 42 of shop/checkout/perf has ended (aborted: abandoned: …)\"}");
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    try (Heartbeat beats = Heartbeat.start(perfGate.client(Retry.DEFAULT.withRetries(0), new ArrayList<>()), "r1",
        "42", new PrintStream(err, true, StandardCharsets.UTF_8), Duration.ofMillis(20))) {
      assertThat(beats.awaitStopped(Duration.ofSeconds(10))).as("stopped by the 409").isTrue();
    }

    assertThat(perfGate.sent()).hasSize(5).allSatisfy(sent -> {
      assertThat(sent.method()).isEqualTo("POST");
      assertThat(sent.path()).isEqualTo("/api/v1/runs/r1/heartbeat");
    });
    String said = err.toString(StandardCharsets.UTF_8);
    assertThat(said.lines().filter(line -> line.contains("could not tell PerfGate"))).as("once for two failures")
        .hasSize(1);
    assertThat(said).contains("perfgate: PerfGate has ended run 42 meanwhile:").contains("abandoned");
  }
}
