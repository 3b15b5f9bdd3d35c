package dev.perfgate.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code perfgate backtest} against a loopback stand-in of PerfGate's backtest API: what it sends, prints, exits. */
class BacktestCommandTest {

  static final String ANSWER = """
      {"series":"shop/peak/test","definition":"looser.yaml","submitted":true,"baseline":"median",
       "runs":[{"id":"a","runId":"153","startedAt":"2026-11-22T10:00:00Z","actual":"PASS","replayed":"PASS",
                "changed":false,"findings":[],"notReplayable":[]},
               {"id":"b","runId":"154","startedAt":"2026-11-22T11:00:00Z","actual":"PASS","replayed":"FAIL",
                "changed":true,"findings":[{"check":"avg CPU","status":"FAIL","message":"avg CPU 51.12 % > 50 %"}],
                "notReplayable":[]}],
       "summary":{"runs":2,"changed":1,"actual":{"PASS":2},"replayed":{"PASS":1,"FAIL":1},"newFails":1,
                  "clearedFails":0,"failsOnGoodRuns":1,"notReplayableRuns":0},"notes":[]}""";

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final List<String> received = new ArrayList<>();
  private HttpServer perfGate;
  private int status = 200;
  private String answer = ANSWER;

  @TempDir
  Path dir;

  @BeforeEach
  void start() throws IOException {
    perfGate = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    perfGate.createContext("/", exchange -> {
      received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
          + exchange.getRequestHeaders().getFirst("Authorization") + "\n"
          + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
      byte[] body = answer.getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", status == 200 ? "application/json" : "application/problem+json");
      exchange.sendResponseHeaders(status, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    perfGate.start();
  }

  @AfterEach
  void stop() {
    perfGate.stop(0);
  }

  private int execute(String... args) {
    Map<String, String> env = Map.of("PERFGATE_URL", "http://127.0.0.1:" + perfGate.getAddress().getPort(),
        "PERFGATE_TOKEN", "t0k3n");
    return PerfGateCli.execute(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @Test
  void shouldSendTheFilePrintTheTableAndExitThreeOnANewFail() throws IOException {
    Path file = Files.writeString(dir.resolve("looser.yaml"), "system: shop\nchecks: []\n");

    int exit = execute("backtest", file.toString(), "--system", "shop", "--workload", "peak", "--environment", "test",
        "--runs", "20", "--no-live");

    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isEqualTo(3);
    assertThat(received).singleElement().asString()
        .startsWith("POST /api/v1/series/shop/peak/test/backtest Bearer t0k3n\n")
        .contains("\"checks\":\"system: shop\\nchecks: []\\n\"").contains("\"runs\":20").contains("\"live\":false");
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("  154  2026-11-22 11:00  PASS    FAIL      yes\n       FAIL avg CPU 51.12 % > 50 %\n")
        .endsWith("PerfGate backtest: 1 run(s) would FAIL that did not -> exit 3\n");
  }

  @Test
  void shouldReplayTheChecksInForceAsAChecksSubcommandToo() {
    int exit = execute("checks", "backtest", "--system", "shop", "--workload", "peak", "--environment", "test");

    assertThat(exit).isEqualTo(3);
    assertThat(received).singleElement().asString().endsWith("\n{\"runs\":100,\"live\":true}");
  }

  @Test
  void shouldTakeTheSeriesAsOneOptionAndRefuseAHalfNamedOne() {
    int exit = execute("checks", "backtest", "--series", "demo-app/peak/local");
    int half = execute("backtest", "--series", "demo-app/peak");
    int none = execute("backtest", "--system", "demo-app");

    assertThat(exit).isEqualTo(3);
    assertThat(received).singleElement().asString().startsWith("POST /api/v1/series/demo-app/peak/local/backtest ");
    assertThat(half).isEqualTo(1);
    assertThat(none).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("--series takes SYSTEM/WORKLOAD/ENVIRONMENT (was 'demo-app/peak')")
        .contains("name the series: --series SYSTEM/WORKLOAD/ENVIRONMENT, or --system, --workload and --environment");
  }

  @Test
  void shouldExitOneWithTheFileAndLineOfARejectedFile() throws IOException {
    status = 400;
    answer = "{\"title\":\"Bad Request\",\"status\":400,\"detail\":\"The checks file was rejected: bad.yaml:3: not valid YAML\"}";
    Path file = Files.writeString(dir.resolve("bad.yaml"), "system: [\n");

    int exit = execute("backtest", file.toString(), "--system", "shop", "--workload", "peak", "--environment", "test");

    assertThat(exit).isEqualTo(1);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("The checks file was rejected: bad.yaml:3: not valid YAML");
  }
}
