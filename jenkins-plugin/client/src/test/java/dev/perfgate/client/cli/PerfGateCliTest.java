package dev.perfgate.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfgate.client.api.RunRequest;
import dev.perfgate.client.gate.CiEnvironment;
import dev.perfgate.client.gate.GatePolicy;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class PerfGateCliTest {

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PerfGateCli.Context context = new PerfGateCli.Context(Map.of(),
      new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

  private <T> T parse(Class<T> command, String... args) {
    CommandLine.ParseResult result = PerfGateCli.commandLine(context).parseArgs(args);
    return command.cast(result.subcommand().commandSpec().userObject());
  }

  private int execute(String... args) {
    return PerfGateCli.commandLine(context).execute(args);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void shouldTakeEverythingAfterTheDoubleDashAsTheCommand() {
    RunCommand run = parse(RunCommand.class, "run", "--system", "shop", "--workload", "checkout", "--environment",
        "perf", "--ramp-up", "30", "--results", "load-scripts/target/gatling", "--timeout", "120", "--",
        "./mvnw", "-pl", "load-scripts", "gatling:test", "--timeout", "1");

    assertThat(run.command).containsExactly("./mvnw", "-pl", "load-scripts", "gatling:test", "--timeout", "1");
    assertThat(run.policy.timeout().toSeconds()).isEqualTo(120);
    assertThat(run.results.results).isEqualTo(Path.of("load-scripts/target/gatling"));
    assertThat(run.run.rampUpSeconds).isEqualTo(30);
  }

  @Test
  void shouldFillTheRunRequestFromOptionsAndTheCiEnvironment() {
    RunCommand run = parse(RunCommand.class, "run", "--system", "shop", "--workload", "checkout", "--environment",
        "perf", "--version", "1.2.3", "--tag", "nightly", "--tag", "jdk17", "--annotation", "note=first try", "--",
        "true");
    CiEnvironment ci = new CiEnvironment("jenkins", "jenkins-shop-42", "https://ci/job/shop/42/", "42", "main", "abc");

    RunRequest request = run.run.request(ci);

    assertThat(request).isEqualTo(new RunRequest("shop", "checkout", "perf", "jenkins-shop-42", "1.2.3",
        "https://ci/job/shop/42/", "42", "main", "abc", List.of("nightly", "jdk17"), Map.of("note", "first try"), null,
        null));
    assertThat(run.run.derivedRunId()).isTrue();
  }

  @Test
  void shouldPreferAGivenRunIdToTheDerivedOne() {
    StartCommand start = parse(StartCommand.class, "start", "--system", "s", "--workload", "w", "--environment", "e",
        "--run-id", "nightly-7");

    assertThat(start.run.request(new CiEnvironment("none", "uuid", null, null, null, null)).runId()).isEqualTo("nightly-7");
    assertThat(start.run.derivedRunId()).isFalse();
  }

  @Test
  void shouldReadPolicyOptionsCaseInsensitively() {
    VerdictCommand verdict = parse(VerdictCommand.class, "verdict", "--run", "r1", "--fail-on", "warn",
        "--inconclusive", "pass", "--warn-exit", "0");

    assertThat(verdict.policy.policy()).isEqualTo(new GatePolicy(GatePolicy.FailOn.WARN, GatePolicy.Inconclusive.PASS, 0));
  }

  @Test
  void shouldDefaultToTheStandardPolicyAndFiveMinutes() {
    VerdictCommand verdict = parse(VerdictCommand.class, "verdict", "--run", "r1");

    assertThat(verdict.policy.policy()).isEqualTo(GatePolicy.DEFAULT);
    assertThat(verdict.policy.timeout().toMinutes()).isEqualTo(5);
    assertThat(verdict.connection.retries).isEqualTo(4);
  }

  @Test
  void shouldReadRepeatedMeasuresAsNumbers() {
    UploadCommand upload = parse(UploadCommand.class, "upload", "--run", "r1", "--measure", "cpu_avg_pct=41.5",
        "--measure", "heap_used_mb=412");

    assertThat(upload.results.measures()).containsExactlyInAnyOrderEntriesOf(
        Map.of("cpu_avg_pct", 41.5, "heap_used_mb", 412.0));
  }

  @Test
  void shouldTakeTheEndTimeAsIsoOrEpochMillis() {
    EndCommand iso = parse(EndCommand.class, "end", "--run", "r1", "--ended-at", "2026-11-22T10:05:00.5Z");
    EndCommand millis = parse(EndCommand.class, "end", "--run", "r1", "--ended-at", "1795428300500", "--aborted",
        "--reason", "cancelled");

    assertThat(iso.endedAt).isEqualTo(Instant.parse("2026-11-22T10:05:00.500Z"));
    assertThat(millis.endedAt).isEqualTo(Instant.ofEpochMilli(1795428300500L));
    assertThat(millis.aborted).isTrue();
  }

  @Test
  void shouldExitOneNotTwoOnAMissingOption() {
    int exit = execute("run", "--workload", "w", "--environment", "e", "--", "true");

    assertThat(exit).as("2 means WARN").isEqualTo(1);
    assertThat(err()).contains("Missing required option: '--system=NAME'");
  }

  @Test
  void shouldExitOneWithoutACommandToRun() {
    assertThat(execute("run", "--system", "s", "--workload", "w", "--environment", "e")).isEqualTo(1);
    assertThat(err()).contains("COMMAND");
  }

  @Test
  void shouldSuggestTheNearestSubcommandForATypo() {
    assertThat(execute("verdikt", "--run", "r1")).isEqualTo(1);
    assertThat(err()).contains("Did you mean: perfgate verdict");
  }

  @Test
  void shouldExitOneWithoutAToken() {
    int exit = execute("verdict", "--run", "r1", "--url", "http://127.0.0.1:9");

    assertThat(exit).isEqualTo(1);
    assertThat(err()).isEqualTo("perfgate: no PerfGate API token: pass --token or set PERFGATE_TOKEN\n");
  }

  @Test
  void shouldExitOneWithoutASubcommandAndShowUsage() {
    assertThat(execute()).isEqualTo(1);
    assertThat(err()).contains("Usage: perfgate").contains("give a command");
  }

  @Test
  void shouldShowHelpWithExitZero() {
    assertThat(execute("run", "--help")).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: perfgate run").contains("--warn-exit=CODE");
  }
}
