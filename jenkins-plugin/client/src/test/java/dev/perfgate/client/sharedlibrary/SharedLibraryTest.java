package dev.perfgate.client.sharedlibrary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import groovy.lang.GroovyClassLoader;
import groovy.lang.GroovyObject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The shared library's vars/perfGate.groovy with its Pipeline steps stubbed (jenkins-plugin/shared-library/test):
 * which CLI calls it makes, and how their exit codes become success, unstable or error.
 */
class SharedLibraryTest {

  private static final Path LIBRARY = Path.of(System.getProperty("basedir", ".")).resolve("../shared-library");
  private static final Map<String, Object> ARGS = Map.of("system", "shop", "workload", "checkout", "environment",
      "perf", "credentialsId", "perfgate-token", "results", "load-scripts/target/gatling", "rampUp", 30);

  private static Class<?> harnessType;
  private static Class<?> libraryType;

  private GroovyObject harness;

  @BeforeAll
  static void compile() throws IOException {
    GroovyClassLoader loader = new GroovyClassLoader(SharedLibraryTest.class.getClassLoader());
    harnessType = loader.parseClass(LIBRARY.resolve("test/PipelineHarness.groovy").toFile());
    libraryType = loader.parseClass(LIBRARY.resolve("vars/perfGate.groovy").toFile());
  }

  @BeforeEach
  void stubPipeline() throws Exception {
    harness = (GroovyObject) harnessType.getConstructor(Class.class).newInstance(libraryType);
  }

  @SuppressWarnings("unchecked")
  private List<String> steps() {
    return (List<String>) harness.getProperty("steps");
  }

  private void exit(String subcommand, int code) {
    @SuppressWarnings("unchecked")
    Map<String, Integer> codes = (Map<String, Integer>) harness.getProperty("exitCodes");
    codes.put(subcommand, code);
  }

  private Object around(boolean loadTestFails) {
    return harness.invokeMethod("perfGateAround", new Object[] {ARGS, loadTestFails});
  }

  @Test
  void shouldStartRunTheBodyUploadEndAndAskTheVerdictInThatOrder() {
    Object result = around(false);

    assertThat(result).isEqualTo("PASSED");
    assertThat(steps()).hasSize(6);
    assertThat(steps().get(0)).isEqualTo("withCredentials: perfgate-token");
    assertThat(steps().get(1)).isEqualTo("sh: perfgate start --system 'shop' --workload 'checkout' --environment 'perf'"
        + " --ramp-up 30 --url 'https://perfgate.example.com' > '.perfgate-shop-checkout-perf.run'");
    assertThat(steps().get(2)).isEqualTo("body");
    assertThat(steps().get(3)).isEqualTo("sh: perfgate upload --run '6b030a6c3ed3f8b15010e514' --results"
        + " 'load-scripts/target/gatling' --url 'https://perfgate.example.com'");
    assertThat(steps().get(4)).matches("sh: perfgate end --run '6b030a6c3ed3f8b15010e514' --ended-at \\d{13} --url .*");
    assertThat(steps().get(5)).isEqualTo("sh: perfgate verdict --run '6b030a6c3ed3f8b15010e514' --timeout 300"
        + " --fail-on 'FAIL' --inconclusive 'GATE' --url 'https://perfgate.example.com'");
  }

  @Test
  @SuppressWarnings("unchecked")
  void shouldPassTheTokenOnlyThroughTheEnvironment() {
    around(false);

    assertThat((List<Object>) harness.getProperty("tokensSeen")).containsOnly("secret-token");
    assertThat(steps()).noneMatch(step -> step.contains("secret-token"));
  }

  @Test
  void shouldMarkTheBuildUnstableOnExitTwo() {
    exit("verdict", 2);

    assertThat(around(false)).isEqualTo("WARNED");
    assertThat(steps()).last().isEqualTo("unstable: PerfGate: the verdict is a warning (summary above)");
  }

  @Test
  void shouldFailTheBuildOnExitThree() {
    exit("verdict", 3);

    assertThatThrownBy(() -> around(false)).hasMessage("PerfGate: the load test failed the performance gate (summary above)");
  }

  @Test
  void shouldFailTheBuildWhenThereIsNoVerdict() {
    exit("verdict", 1);

    assertThatThrownBy(() -> around(false))
        .hasMessage("PerfGate: no verdict (perfgate exit code 1): see the log above; not judged, so not passed");
  }

  @Test
  void shouldNotRunTheLoadTestWhenTheRunCannotStart() {
    exit("start", 1);

    assertThatThrownBy(() -> around(false)).hasMessageContaining("could not start the run");
    assertThat(steps()).doesNotContain("body");
  }

  @Test
  void shouldAbortTheRunWithTheReasonAndRethrowWhenTheLoadTestFails() {
    assertThatThrownBy(() -> around(true)).isInstanceOf(IllegalStateException.class)
        .hasMessage("script returned exit code 2");

    assertThat(steps().get(steps().size() - 1)).matches("sh: perfgate end --run '6b030a6c3ed3f8b15010e514' --aborted"
        + " --reason 'the load test failed: script returned exit code 2' --ended-at \\d{13} --url .*");
    assertThat(steps()).noneMatch(step -> step.contains(" verdict "));
  }

  @Test
  void shouldReportResultsMadeElsewhereWithoutABody() {
    Map<String, Object> args = new HashMap<>(ARGS);
    args.put("failOn", "WARN");
    args.put("measures", Map.of("cpu_avg_pct", 41.5));

    Object result = harness.invokeMethod("perfGate", new Object[] {args});

    assertThat(result).isEqualTo("PASSED");
    assertThat(steps()).containsExactly("withCredentials: perfgate-token",
        "sh: perfgate report --system 'shop' --workload 'checkout' --environment 'perf' --ramp-up 30"
            + " --results 'load-scripts/target/gatling' --measure 'cpu_avg_pct=41.5' --timeout 300 --fail-on 'WARN'"
            + " --inconclusive 'GATE' --url 'https://perfgate.example.com'");
  }

  @Test
  void shouldQuoteValuesForTheShell() {
    Map<String, Object> args = new HashMap<>(ARGS);
    args.put("version", "1.0'; rm -rf / #");

    harness.invokeMethod("perfGate", new Object[] {args});

    assertThat(steps().get(1)).contains("--version '1.0'\\''; rm -rf / #'");
  }

  @Test
  void shouldRequireTheSeriesAndTheCredentials() {
    Map<String, Object> args = new HashMap<>(ARGS);
    args.remove("credentialsId");

    assertThatThrownBy(() -> harness.invokeMethod("perfGate", new Object[] {args}))
        .hasMessage("perfGate: 'credentialsId' is required");
  }
}
