package dev.perfgate.client.cli;

import dev.perfgate.client.api.PerfGateClient;
import dev.perfgate.client.api.Retry;
import dev.perfgate.client.gate.GateRun;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Where PerfGate is, how to authenticate, how patiently to retry: the options every command that talks to PerfGate
 * ends with (and its --help), and the client they make in the process the command runs in.
 */
final class ConnectionOptions {

  /**
   * Where these options stand in a command's help: after the command's own, which keep the order they are declared
   * in (picocli puts options without an order first, in their order; {@link ConnectedCommand} declares this mixin
   * before the command's options).
   */
  static final int LAST = 1000;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(names = "--url", order = LAST, paramLabel = "URL", description = "PerfGate's address (default: env PERFGATE_URL)")
  String url;

  @Option(names = "--token", order = LAST + 1, paramLabel = "TOKEN",
      description = "API token with the runner role (default: env PERFGATE_TOKEN; prefer the env: arguments show in ps)")
  String token;

  @Option(names = "--retries", order = LAST + 2, paramLabel = "N", defaultValue = "4",
      description = "Retries after a network error or 502/503/504, with exponential backoff (default: ${DEFAULT-VALUE})")
  int retries;

  @Option(names = "--retry-delay-ms", order = LAST + 3, paramLabel = "MS", defaultValue = "500",
      description = "Wait before the first retry; doubles each time, up to 8 s (default: ${DEFAULT-VALUE})")
  long retryDelayMs;

  @Option(names = {"-h", "--help"}, order = LAST + 4, usageHelp = true, description = "Show this help")
  boolean help;

  /** The environment and streams of the process, from the {@code perfgate} command this one belongs to. */
  PerfGateCli.Context context() {
    return ((PerfGateCli) command.root().userObject()).context;
  }

  PerfGateClient client() {
    return client(Retry.DEFAULT.withRetries(Math.max(0, retries)).withInitialDelay(Duration.ofMillis(retryDelayMs)));
  }

  PerfGateClient client(Retry retry) {
    PerfGateCli.Context context = context();
    String baseUrl = url != null ? url : context.env().get("PERFGATE_URL");
    String apiToken = token != null ? token : context.env().get("PERFGATE_TOKEN");
    return new PerfGateClient(baseUrl, apiToken, retry, context.err()::println);
  }

  /** The gate's steps over {@link #client()}, telling their progress on stderr. */
  GateRun gate() {
    return new GateRun(client(), context().err());
  }
}
