package dev.perfgate.client.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The CLI against a real PerfGate: every verdict's exit code, the failures around it, and the recorded times. */
@ExtendWith(PerfGateServerExtension.class)
class CliIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private PerfGateServer server;
  private Cli cli;

  @TempDir
  Path dir;

  @BeforeEach
  void connect(PerfGateServer perfGate) {
    this.server = perfGate;
    this.cli = new Cli(perfGate.url());
  }

  /** {@code perfgate run} of a command that does nothing, with the measures the checks read. */
  private Cli.Result runWithMeasures(String system, String workload, String... extra) {
    String[] base = {"run", "--system", system, "--workload", workload, "--environment", "it", "--timeout", "60"};
    String[] args = new String[base.length + extra.length + 2];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    args[args.length - 2] = "--";
    args[args.length - 1] = "true";
    return cli.run(args);
  }

  private JsonNode run(String id) throws IOException, InterruptedException {
    return JSON.readTree(server.get("/api/v1/runs/" + id));
  }

  @Test
  void shouldExitZeroWhenEveryCheckPasses() {
    Cli.Result result = runWithMeasures("shop", "pass", "--measure", "cpu_avg_pct=40", "--measure", "latency_ms=50");

    assertThat(result.exit()).as(result.toString()).isZero();
    assertThat(result.out()).contains("PerfGate verdict: PASS for shop/pass/it")
        .contains("PASS    avg CPU      40 %")
        .contains("Run page:  " + server.url() + "/runs/")
        .contains("PerfGate gate: PASSED (verdict PASS) -> exit 0");
  }

  @Test
  void shouldExitTwoOnAWarningAndZeroWithWarnExitZero() {
    Cli.Result strict = runWithMeasures("shop", "warn", "--measure", "cpu_avg_pct=40", "--measure", "latency_ms=150");
    Cli.Result lenient = runWithMeasures("shop", "warn-ok", "--measure", "cpu_avg_pct=40", "--measure",
        "latency_ms=150", "--warn-exit", "0");

    assertThat(strict.exit()).as(strict.toString()).isEqualTo(2);
    assertThat(strict.out()).contains("WARN    p95 latency  150 ms  < 100").contains("p95 latency 150 ms > 100 ms");
    assertThat(lenient.exit()).as(lenient.toString()).isZero();
    assertThat(lenient.out()).contains("PerfGate gate: WARNED (verdict WARN) -> exit 0");
  }

  @Test
  void shouldExitThreeOnAFailure() {
    Cli.Result result = runWithMeasures("shop", "fail", "--measure", "cpu_avg_pct=60", "--measure", "latency_ms=50");

    assertThat(result.exit()).as(result.toString()).isEqualTo(3);
    assertThat(result.out()).contains("PerfGate verdict: FAIL").contains("avg CPU 60 % > 50 %")
        .contains("-> exit 3");
  }

  @Test
  void shouldFailAnInconclusiveVerdictByTheServersGateUnlessToldOtherwise() {
    Cli.Result byGate = runWithMeasures("shop", "no-cpu", "--measure", "latency_ms=50");
    Cli.Result asWarning = runWithMeasures("shop", "no-cpu-warn", "--measure", "latency_ms=50", "--inconclusive", "warn");

    assertThat(byGate.exit()).as(byGate.toString()).isEqualTo(3);
    assertThat(byGate.out()).contains("INCONCLUSIVE  avg CPU      no data")
        .contains("verdict INCONCLUSIVE; the server's gate says fail");
    assertThat(asWarning.exit()).as(asWarning.toString()).isEqualTo(2);
  }

  @Test
  void shouldPassAnInconclusiveVerdictWhenTheDefinitionSaysSo() {
    Cli.Result result = runWithMeasures("lenient", "no-data");

    assertThat(result.exit()).as(result.toString()).isZero();
    assertThat(result.out()).contains("PerfGate verdict: INCONCLUSIVE").contains("(gate: pass)");
  }

  @Test
  void shouldAbortTheRunAndExitOneWhenTheCommandFails() throws Exception {
    Cli.Result result = cli.run("run", "--system", "shop", "--workload", "broken", "--environment", "it",
        "--run-id", "broken-1", "--", "sh", "-c", "exit 7");

    assertThat(result.exit()).as(result.toString()).isEqualTo(1);
    assertThat(result.err()).contains("the load test failed (exit code 7); run broken-1 aborted, not judged");
    JsonNode runs = JSON.readTree(server.get("/api/v1/runs?system=shop&workload=broken"));
    assertThat(runs.path("runs").get(0).path("status").asText()).isEqualTo("aborted");
    assertThat(runs.path("runs").get(0).path("statusReason").asText())
        .isEqualTo("the load test command failed with exit code 7: sh -c exit 7");
  }

  @Test
  void shouldGiveUpWaitingForAVerdictAtTheTimeout() {
    Cli.Result start = cli.run("start", "--system", "shop", "--workload", "never-ends", "--environment", "it");
    String id = start.out().strip();

    Cli.Result verdict = cli.run("verdict", "--run", id, "--timeout", "3");

    assertThat(verdict.exit()).as(verdict.toString()).isEqualTo(1);
    assertThat(verdict.err()).contains("PerfGate gave no verdict for run").contains("within 3 s")
        .contains("the run has not ended yet").contains("Not judged, so not passed");
    assertThat(verdict.took()).isBetween(Duration.ofSeconds(3), Duration.ofSeconds(15));
  }

  @Test
  void shouldExitOneWithoutRunningTheLoadTestWhenPerfGateIsDown() throws Exception {
    Path marker = dir.resolve("load-test-ran");
    String down = "http://127.0.0.1:" + PerfGateServer.freePort();

    Cli.Result result = cli.run("run", "--url", down, "--retries", "2", "--retry-delay-ms", "100", "--system", "shop",
        "--workload", "down", "--environment", "it", "--", "touch", marker.toString());

    assertThat(result.exit()).as(result.toString()).isEqualTo(1);
    assertThat(result.err()).contains("PerfGate at " + down + " is unavailable: could not start a run of shop/down/it")
        .contains("in 3 attempts").contains("connection refused").contains("did not pass");
    assertThat(marker).as("the load test never ran").doesNotExist();
  }

  @Test
  void shouldBracketTheCommandWithTheRunsStartAndEnd() throws Exception {
    Path results = dir.resolve("results.json");
    Path times = dir.resolve("times");
    // the "load test": notes when it starts and ends, and writes PerfGate results for its own window
    String script = "s=$(date +%s%3N); sleep 1; e=$(date +%s%3N); echo \"$s $e\" > " + times + "; "
        + "iso() { date -u -d @$(($1/1000)).$(printf %03d $(($1%1000))) +%Y-%m-%dT%H:%M:%S.%3NZ; }; "
        + "printf '{\"format\":\"perfgate-results/v1\",\"tool\":\"sh\",\"window\":{\"start\":\"%s\",\"end\":\"%s\","
        + "\"steadyStateStart\":\"%s\"},\"global\":{\"count\":100,\"ok\":100,\"ko\":0,\"errorPct\":0.0,\"minMs\":2,"
        + "\"meanMs\":20.5,\"maxMs\":90,\"p50Ms\":18,\"p75Ms\":25,\"p90Ms\":40,\"p95Ms\":55,\"p99Ms\":80,\"p999Ms\":90,"
        + "\"throughputRps\":100.0},\"requests\":[]}' $(iso $s) $(iso $e) $(iso $s) > " + results;

    Cli.Result result = cli.run("run", "--system", "loadtest", "--workload", "bracket", "--environment", "it",
        "--results", results.toString(), "--", "sh", "-c", script);

    assertThat(result.exit()).as(result.toString()).isZero();
    assertThat(result.out()).contains("PASS    p95         55 ms");
    String[] commandTimes = Files.readString(times).strip().split(" ");
    Instant commandStart = Instant.ofEpochMilli(Long.parseLong(commandTimes[0]));
    Instant commandEnd = Instant.ofEpochMilli(Long.parseLong(commandTimes[1]));
    String id = JSON.readTree(server.get("/api/v1/runs?system=loadtest&workload=bracket")).path("runs").get(0)
        .path("id").asText();
    JsonNode run = run(id);
    Instant started = Instant.parse(run.path("startedAt").asText());
    Instant ended = Instant.parse(run.path("endedAt").asText());
    assertThat(started).as("the run starts before the command").isBeforeOrEqualTo(commandStart);
    assertThat(ended).as("and ends after it").isAfterOrEqualTo(commandEnd);
    assertThat(Duration.between(started, commandStart)).as("just before").isLessThan(Duration.ofSeconds(2));
    assertThat(Duration.between(commandEnd, ended)).as("just after").isLessThan(Duration.ofSeconds(2));
  }

  @Test
  void shouldRecordALoadTestInSeparateSteps() throws Exception {
    Cli.Result start = cli.run("start", "--system", "shop", "--workload", "steps", "--environment", "it",
        "--ramp-up", "5");
    String id = start.out().strip();
    Cli.Result upload = cli.run("upload", "--run", id, "--measure", "cpu_avg_pct=30", "--measure", "latency_ms=20");
    Cli.Result end = cli.run("end", "--run", id);
    Cli.Result verdict = cli.run("verdict", "--run", id, "--timeout", "60");

    assertThat(start.exit()).as(start.toString()).isZero();
    assertThat(id).matches("[0-9a-f]{24}");
    assertThat(upload.exit()).as(upload.toString()).isZero();
    assertThat(end.exit()).as(end.toString()).isZero();
    assertThat(end.err()).contains("completed");
    assertThat(verdict.exit()).as(verdict.toString()).isZero();
    assertThat(run(id).path("rampUpSeconds").asInt()).isEqualTo(5);
  }

  @Test
  void shouldStartTheSameRunWhenAStartIsRepeated() {
    Cli.Result first = cli.run("start", "--system", "shop", "--workload", "repeat", "--environment", "it",
        "--run-id", "build-77");
    Cli.Result second = cli.run("start", "--system", "shop", "--workload", "repeat", "--environment", "it",
        "--run-id", "build-77");

    assertThat(second.out()).as(second.toString()).isEqualTo(first.out());
    assertThat(second.err()).contains("run build-77 of shop/repeat/it exists (running), taking it over");
  }

  @Test
  void shouldReportResultsMadeElsewhereAtTheirOwnTimes() throws Exception {
    Path results = dir.resolve("earlier.json");
    Files.writeString(results, """
        {"format":"perfgate-results/v1","tool":"k6 0.54",
         "window":{"start":"2026-01-05T08:00:00.250Z","end":"2026-01-05T08:05:00Z","steadyStateStart":"2026-01-05T08:00:30Z"},
         "global":{"count":3000,"ok":2950,"ko":50,"errorPct":1.667,"p95Ms":120,"throughputRps":10.0},
         "requests":[]}
        """);

    Cli.Result result = cli.run("report", "--system", "loadtest", "--workload", "k6", "--environment", "it",
        "--run-id", "k6-1", "--results", results.toString());

    assertThat(result.exit()).as(result.toString()).isEqualTo(3);
    assertThat(result.out()).contains("FAIL    error rate  1.67 %");
    JsonNode run = JSON.readTree(server.get("/api/v1/runs?system=loadtest&workload=k6")).path("runs").get(0);
    assertThat(run.path("startedAt").asText()).isEqualTo("2026-01-05T08:00:00.250Z");
    assertThat(run.path("endedAt").asText()).isEqualTo("2026-01-05T08:05:00Z");
  }
}
