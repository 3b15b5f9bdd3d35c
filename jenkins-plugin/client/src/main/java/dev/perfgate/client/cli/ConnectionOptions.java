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

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(names = "--url", paramLabel = "URL", description = "PerfGate's address (default: env PERFGATE_URL)")
  String url;

  @Option(names = "--token", paramLabel = "TOKEN",
      description = "API token with the runner role (default: env PERFGATE_TOKEN; prefer the env: arguments show in ps)")
  String token;

  @Option(names = "--retries", paramLabel = "N", defaultValue = "4",
      description = "Retries after a network error or 502/503/504, with exponential backoff (default: ${DEFAULT-VALUE})")
  int retries;

  @Option(names = "--retry-delay-ms", paramLabel = "MS", defaultValue = "500",
      description = "Wait before the first retry; doubles each time, up to 8 s (default: ${DEFAULT-VALUE})")
  long retryDelayMs;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help")
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
