package dev.perfgate.client.cli;

import dev.perfgate.client.api.PerfGateClient;
import dev.perfgate.client.api.Retry;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Where PerfGate is, how to authenticate, how patiently to retry. */
final class ConnectionOptions {

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

  PerfGateClient client(PerfGateCli.Context context) {
    return client(context, Retry.DEFAULT.withRetries(Math.max(0, retries)).withInitialDelay(Duration.ofMillis(retryDelayMs)));
  }

  PerfGateClient client(PerfGateCli.Context context, Retry retry) {
    String baseUrl = url != null ? url : context.env().get("PERFGATE_URL");
    String apiToken = token != null ? token : context.env().get("PERFGATE_TOKEN");
    return new PerfGateClient(baseUrl, apiToken, retry, context.err()::println);
  }
}
