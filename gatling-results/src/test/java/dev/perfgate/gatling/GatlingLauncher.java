package dev.perfgate.gatling;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs Gatling 3.15 (from the test classpath) in a child JVM, fenced to the loopback, and returns its console. */
final class GatlingLauncher {

  private static final long TIMEOUT_SECONDS = 120;

  private final Path resultsDir;
  private final Path hostsFile;
  private int runs;

  GatlingLauncher(Path workDir) throws IOException {
    this.resultsDir = Files.createDirectories(workDir.resolve("gatling"));
    // only loopback names resolve: Gatling's release check (it has no setting) cannot leave the machine
    this.hostsFile = Files.writeString(workDir.resolve("loopback.hosts"), "127.0.0.1 localhost\n");
  }

  Path resultsDir() {
    return resultsDir;
  }

  /** Runs Gatling with the given system properties and arguments; fails the test unless it exits with 0. */
  String run(Map<String, String> properties, String... gatlingArgs) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx512m",
        // Gatling's log writer reads String internals
        "--add-opens=java.base/java.lang=ALL-UNNAMED",
        "-Djdk.net.hosts.file=" + hostsFile,
        "-Dgatling.http.warmUpUrl=",
        "-Dgatling.data.enableAnalytics=false",
        // the pom keeps netty's native jars off the classpath (see the Gatling dependency there)
        "-Dgatling.netty.useNativeTransport=false",
        "-Dgatling.ssl.useOpenSsl=false"));
    properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
    command.addAll(List.of("-cp", testClasspath(), "io.gatling.app.Gatling", "--results-folder", resultsDir.toString()));
    command.addAll(List.of(gatlingArgs));

    Path console = resultsDir.resolveSibling("gatling-" + ++runs + ".out");
    Process gatling = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(console.toFile()).start();
    if (!gatling.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
      gatling.destroyForcibly();
      throw new AssertionError("Gatling did not finish in " + TIMEOUT_SECONDS + " s, see " + console);
    }
    String output = Files.readString(console, StandardCharsets.UTF_8);
    assertThat(gatling.exitValue()).as("Gatling's exit code; its output:%n%s", output).isZero();
    return output;
  }

  private static String testClasspath() {
    // surefire and failsafe may hide the classpath in a manifest-only jar: they publish it here
    return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
  }
}
