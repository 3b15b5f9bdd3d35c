package dev.perfgate.client.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A real PerfGate server for the ITs: the server module's exec jar in a child JVM on a free loopback port, with its
 * own data directory and a checks directory holding {@link #CHECKS}. Started once per test JVM by
 * {@link PerfGateServerExtension} (starting takes 20–80 s on a busy 2-core machine).
 */
public final class PerfGateServer implements AutoCloseable {

  public static final String TOKEN = "it-admin-token-0123456789";
  private static final Duration START_DEADLINE = Duration.ofSeconds(240);

  /** The gate definitions the ITs judge against, one file each. */
  static final Map<String, String> CHECKS = Map.of(
      // a failing CPU and a warning latency, read from posted measures
      "shop.yaml", """
          system: shop
          checks:
            - id: cpu
              name: avg CPU
              unit: "%"
              measure: cpu_avg_pct
              requirement: "< 50"
            - id: latency
              name: p95 latency
              unit: ms
              measure: latency_ms
              requirement: "< 100"
              severity: warn
          """,
      // no data passes here: the definition's own INCONCLUSIVE policy
      "lenient.yaml", """
          system: lenient
          inconclusive: pass
          checks:
            - id: cpu
              name: avg CPU
              unit: "%"
              measure: cpu_avg_pct
              requirement: "< 50"
          """,
      // a statistic of uploaded results
      "loadtest.yaml", """
          system: loadtest
          checks:
            - id: p95
              name: p95
              results:
                stat: p95
              requirement: "< 500"
            - id: errors
              name: error rate
              results:
                stat: errorPct
              requirement: "< 1"
          """);

  private final Process process;
  private final int port;
  private final Path log;
  private final Duration startup;

  private PerfGateServer(Process process, int port, Path log, Duration startup) {
    this.process = process;
    this.port = port;
    this.log = log;
    this.startup = startup;
  }

  /** Starts the server and waits until /actuator/health is UP. */
  static PerfGateServer start() throws IOException, InterruptedException {
    String jarPath = System.getProperty("perfgate.server.jar");
    if (jarPath == null || !Files.isRegularFile(Path.of(jarPath))) {
      throw new IllegalStateException("no PerfGate server jar at " + jarPath + " (system property perfgate.server.jar;"
          + " run the ITs with Maven: ./mvnw verify -pl jenkins-plugin/client -am)");
    }
    Path home = Files.createTempDirectory("perfgate-it-");
    Path checks = Files.createDirectories(home.resolve("checks"));
    for (Map.Entry<String, String> file : CHECKS.entrySet()) {
      Files.writeString(checks.resolve(file.getKey()), file.getValue());
    }
    int port = freePort();
    Path log = home.resolve("server.log");
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        // C1 only and a small heap: starts faster on a loaded machine, and the ITs need no peak speed
        "-XX:TieredStopAtLevel=1", "-Xmx512m", "-jar", jarPath,
        "--server.port=" + port, "--server.address=127.0.0.1", "--perfgate.checks-dir=" + checks,
        "--perfgate.public-url=http://127.0.0.1:" + port));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().put("PERFGATE_ADMIN_TOKEN", TOKEN);
    builder.environment().put("PERFGATE_DATA_DIR", home.resolve("data").toString());
    Instant begin = Instant.now();
    Process process = builder.start();
    PerfGateServer server = new PerfGateServer(process, port, log, Duration.ZERO);
    server.awaitHealthy(begin);
    return new PerfGateServer(process, port, log, Duration.between(begin, Instant.now()));
  }

  private void awaitHealthy(Instant begin) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest health = HttpRequest.newBuilder(URI.create(url() + "/actuator/health")).timeout(Duration.ofSeconds(5)).build();
    while (true) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the PerfGate server exited with " + process.exitValue() + " while starting:\n"
            + tail());
      }
      try {
        HttpResponse<String> response = http.send(health, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() == 200 && response.body().contains("\"UP\"")) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      if (Duration.between(begin, Instant.now()).compareTo(START_DEADLINE) > 0) {
        close();
        throw new IllegalStateException("the PerfGate server was not UP within " + START_DEADLINE.toSeconds() + " s:\n"
            + tail());
      }
      Thread.sleep(500);
    }
  }

  public String url() {
    return "http://127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  public Duration startup() {
    return startup;
  }

  /** An API call with the admin token, for assertions on what the server recorded. */
  public String get(String path) throws IOException, InterruptedException {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url() + path))
        .header("Authorization", "Bearer " + TOKEN).build(), HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return response.body();
  }

  String tail() {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
