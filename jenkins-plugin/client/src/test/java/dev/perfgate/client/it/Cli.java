package dev.perfgate.client.it;

import dev.perfgate.client.cli.PerfGateCli;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** Runs the perfgate CLI in this JVM against a PerfGate URL, as a CI job would with PERFGATE_URL and PERFGATE_TOKEN. */
final class Cli {

  /** What a run of the CLI left: exit code, stdout, stderr, and how long it took. */
  record Result(int exit, String out, String err, Duration took) {
    @Override
    public String toString() {
      return "exit " + exit + " after " + took.toMillis() + " ms\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  private final Map<String, String> env = new HashMap<>();

  Cli(String url) {
    env.put("PERFGATE_URL", url);
    env.put("PERFGATE_TOKEN", PerfGateServer.TOKEN);
  }

  Result run(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Instant start = Instant.now();
    int exit = PerfGateCli.execute(args, env, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
        Duration.between(start, Instant.now()));
  }
}
