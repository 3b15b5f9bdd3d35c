package dev.perfgate.client.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfgate.client.api.FakeTransport;
import dev.perfgate.client.api.PerfGateException;
import dev.perfgate.client.api.Retry;
import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.api.RunRequest;
import dev.perfgate.client.api.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateRunTest {

  private static final Instant NOW = Instant.parse("2026-11-22T10:00:00Z");
  private static final RunRequest REQUEST = RunRequest.builder("shop", "checkout", "perf").runId("jenkins-shop-42")
      .startedAt(NOW).build();

  private final FakeTransport perfGate = new FakeTransport();
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();
  private final GateRun gate = new GateRun(perfGate.client(Retry.DEFAULT, new ArrayList<>()),
      new PrintStream(log, true, StandardCharsets.UTF_8));

  @Test
  void shouldTakeOverARunningRunWithTheSameRunId() throws Exception {
    perfGate.answer(200, FakeTransport.run("r1", "jenkins-shop-42", "running", "2026-11-22T09:59:00Z"));

    RunInfo run = gate.start(REQUEST, true);

    assertThat(run.id()).isEqualTo("r1");
    assertThat(log.toString(StandardCharsets.UTF_8)).contains("exists (running), taking it over");
  }

  @Test
  void shouldSuffixADerivedRunIdWhoseRunHasEnded() throws Exception {
    perfGate.answer(200, FakeTransport.run("r1", "jenkins-shop-42", "completed", "2026-11-22T09:00:00Z"))
        .answer(200, FakeTransport.run("r2", "jenkins-shop-42-2", "aborted", "2026-11-22T09:30:00Z"))
        .answer(201, FakeTransport.run("r3", "jenkins-shop-42-3", "running", "2026-11-22T10:00:00Z"));

    RunInfo run = gate.start(REQUEST, true);

    assertThat(run.runId()).isEqualTo("jenkins-shop-42-3");
    assertThat(perfGate.sent()).extracting(sent -> sent.body().replaceAll(".*\"runId\":\"([^\"]+)\".*", "$1"))
        .containsExactly("jenkins-shop-42", "jenkins-shop-42-2", "jenkins-shop-42-3");
  }

  @Test
  void shouldRefuseAGivenRunIdWhoseRunHasEnded() {
    perfGate.answer(200, FakeTransport.run("r1", "jenkins-shop-42", "completed", "2026-11-22T09:00:00Z"));

    assertThatThrownBy(() -> gate.start(REQUEST, false))
        .isInstanceOf(PerfGateException.class)
        .hasMessageContaining("run id 'jenkins-shop-42' of shop/checkout/perf belongs to a run that has already ended")
        .hasMessageContaining("Give each load test its own run id");
  }

  @Test
  void shouldTakeOverAnEndedRunOfTheSameStartWhenAReportIsRepeated() throws Exception {
    perfGate.answer(200, FakeTransport.run("r1", "jenkins-shop-42", "completed", "2026-11-22T10:00:00Z"));

    assertThat(gate.start(REQUEST, false).id()).isEqualTo("r1");
  }

  @Test
  void shouldUploadResultsAndMeasuresBeforeEndingAndThenWait() throws Exception {
    perfGate.answer(200, "{}").answer(200, "{}")
        .answer(200, FakeTransport.run("r1", "42", "completed", "2026-11-22T10:00:00Z"))
        .answer(200, FakeTransport.verdict("PASS", "pass", "PASS: all 2 checks passed"));
    RunInfo run = new RunInfo("r1", "shop", "checkout", "perf", "42", "running", null, NOW, null, 0, Map.of());
    ResultsUpload results = new ResultsUpload("{\"format\":\"perfgate-results/v1\"}", "fixture", NOW.plusSeconds(1),
        NOW.plusSeconds(61));

    Verdict verdict = gate.complete(run, results, Map.of("cpu_avg_pct", 40.0), NOW.plusSeconds(62),
        Duration.ofSeconds(60));

    assertThat(verdict.status()).isEqualTo(Verdict.Status.PASS);
    assertThat(perfGate.sent()).extracting(FakeTransport.Sent::path).containsExactly(
        "/api/v1/runs/r1/results", "/api/v1/runs/r1/measures", "/api/v1/runs/r1/end", "/api/v1/runs/r1/verdict?wait=60");
    assertThat(perfGate.sent().get(2).body()).contains("\"endedAt\":\"2026-11-22T10:01:02Z\"");
  }

  @Test
  void shouldRefuseResultsFromBeforeTheRun() {
    RunInfo run = new RunInfo("r1", "shop", "checkout", "perf", "42", "running", null, NOW, null, 0, Map.of());
    ResultsUpload stale = new ResultsUpload("{}", "Gatling simulation.log of old", NOW.minusSeconds(3600), NOW);

    assertThatThrownBy(() -> gate.complete(run, stale, Map.of(), NOW.plusSeconds(60), Duration.ofSeconds(60)))
        .hasMessageContaining("they are from an earlier load test");
    assertThat(perfGate.sent()).as("nothing sent").isEmpty();
  }

  @Test
  void shouldAbortWithTheReason() throws Exception {
    perfGate.answer(200, FakeTransport.run("r1", "42", "aborted", "2026-11-22T10:00:00Z"));
    RunInfo run = new RunInfo("r1", "shop", "checkout", "perf", "42", "running", null, NOW, null, 0, Map.of());

    gate.abort(run, "the load test command failed with exit code 1", NOW.plusSeconds(5));

    assertThat(perfGate.sent().get(0).body()).isEqualTo("{\"status\":\"aborted\","
        + "\"reason\":\"the load test command failed with exit code 1\",\"endedAt\":\"2026-11-22T10:00:05Z\"}");
  }

  @Test
  void shouldReportResultsMadeElsewhereAtTheirOwnTimes() throws Exception {
    Instant start = Instant.parse("2026-11-22T09:00:00.250Z");
    perfGate.answer(201, FakeTransport.run("r1", "42", "running", "2026-11-22T09:00:00.250Z"))
        .answer(200, "{}")
        .answer(200, FakeTransport.run("r1", "42", "completed", "2026-11-22T09:00:00.250Z"))
        .answer(200, FakeTransport.verdict("WARN", "warn", "WARN: 1 of 1 checks did not pass"));
    RunRequest request = RunRequest.builder("shop", "checkout", "perf").runId("42").build();

    gate.report(request, false, new ResultsUpload("{}", "fixture", start, start.plusSeconds(300)), Map.of(),
        Duration.ofSeconds(10));

    assertThat(perfGate.sent().get(0).body()).contains("\"startedAt\":\"2026-11-22T09:00:00.250Z\"");
    assertThat(perfGate.sent().get(2).body()).contains("\"endedAt\":\"2026-11-22T09:05:00.250Z\"");
  }
}
