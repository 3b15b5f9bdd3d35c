package dev.perfgate.client.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** scripts/perfgate as CI runs it: a separate process on the shaded -cli jar, judged by its exit code. */
class WrapperIT {

  private static final Path REPO = Path.of(System.getProperty("perfgate.repo.dir", "../.."));

  @TempDir
  Path dir;

  record Process(int exit, String out, String err) {
  }

  private static Process perfgate(Map<String, String> env, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("bash", REPO.resolve("scripts/perfgate").toString()));
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().remove("PERFGATE_URL");
    builder.environment().remove("PERFGATE_TOKEN");
    builder.environment().put("PERFGATE_CLI_JAR", System.getProperty("perfgate.cli.jar"));
    builder.environment().putAll(env);
    java.lang.Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
    return new Process(process.exitValue(), out, err);
  }

  @Test
  void shouldAcceptValidDefinitions() throws Exception {
    Files.writeString(dir.resolve("shop.yaml"), PerfGateServer.CHECKS.get("shop.yaml"));
    Files.writeString(dir.resolve("loadtest.yml"), PerfGateServer.CHECKS.get("loadtest.yaml"));

    Process result = perfgate(Map.of(), "checks", "validate", dir.toString());

    assertThat(result.exit()).as(result.toString()).isZero();
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).isEqualTo(dir + ": 2 file(s), 4 check(s), no problems\n");
  }

  @Test
  void shouldNameFileAndLineOfEveryProblem() throws Exception {
    Files.writeString(dir.resolve("good.yaml"), PerfGateServer.CHECKS.get("lenient.yaml"));
    Files.writeString(dir.resolve("typo.yaml"), """
        system: shop
        checks:
          - id: cpu
            measure: cpu_avg_pct
            requirement: "below 50"
        """);
    Files.writeString(dir.resolve("broken.yaml"), "system: shop\nchecks: [\n");

    Process result = perfgate(Map.of(), "checks", "validate", dir.toString());

    assertThat(result.exit()).as(result.toString()).isEqualTo(1);
    assertThat(result.out().lines()).hasSize(2)
        .anySatisfy(line -> assertThat(line).isEqualTo(dir.resolve("broken.yaml") + ":2: not valid YAML: while parsing a"
            + " flow node; expected the node content, but found '<stream end>'"))
        .anySatisfy(line -> assertThat(line).isEqualTo(dir.resolve("typo.yaml")
            + ":5: /checks/0/requirement: 'below 50' is not a requirement: write e.g. '< 50' or '<= 200ms'"));
    assertThat(result.err()).isEqualTo(dir + ": 2 problem(s) in 2 of 3 file(s)\n");
  }

  @Test
  void shouldReportTwoFilesThatJudgeTheSameSeries() throws Exception {
    Files.writeString(dir.resolve("shop.yaml"), PerfGateServer.CHECKS.get("shop.yaml"));
    Files.writeString(dir.resolve("shop-lax.yaml"), PerfGateServer.CHECKS.get("lenient.yaml")
        .replace("system: lenient", "system: shop"));

    Process result = perfgate(Map.of(), "checks", "validate", dir.toString());

    assertThat(result.exit()).as(result.toString()).isEqualTo(1);
    assertThat(result.out().lines()).singleElement().satisfies(line -> assertThat(line)
        .startsWith(dir.resolve("shop.yaml") + ":1: judges the same series as shop-lax.yaml (system 'shop'")
        .contains("INCONCLUSIVE"));
    assertThat(result.err()).isEqualTo(dir + ": 1 problem(s) in 1 of 2 file(s)\n");
  }

  @Test
  void shouldExitOneForADirectoryWithoutDefinitions() throws Exception {
    Process result = perfgate(Map.of(), "checks", "validate", dir.toString());

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("no *.yaml or *.yml files to check");
  }

  @Test
  @ExtendWith(PerfGateServerExtension.class)
  void shouldExitWithTheVerdictsCodeAsAProcess(PerfGateServer server) throws Exception {
    Process result = perfgate(Map.of("PERFGATE_URL", server.url(), "PERFGATE_TOKEN", PerfGateServer.TOKEN,
            "BUILD_TAG", "jenkins-shop-wrapper-7", "BUILD_URL", "https://ci.example.com/job/shop/7/"),
        "run", "--system", "shop", "--workload", "wrapper", "--environment", "it", "--measure", "cpu_avg_pct=75",
        "--measure", "latency_ms=10", "--", "true");

    assertThat(result.exit()).as(result.toString()).isEqualTo(3);
    assertThat(result.err()).contains("started run jenkins-shop-wrapper-7 of shop/wrapper/it");
    assertThat(result.out()).contains("avg CPU 75 % > 50 %");
    assertThat(server.get("/api/v1/runs?system=shop&workload=wrapper"))
        .contains("\"buildUrl\":\"https://ci.example.com/job/shop/7/\"");
  }
}
