package dev.perfgate.client.cli;

import dev.perfgate.client.api.RunEnd;
import dev.perfgate.client.api.RunInfo;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/** {@code perfgate end}: ends a run (completed, or aborted with a reason), which starts its evaluation. */
@Command(name = "end",
    description = "Ends a run: completed (the default) starts its evaluation; --aborted marks it INVALID with a reason.")
final class EndCommand extends RunStepCommand {

  @Option(names = "--aborted", description = "The load test failed or was cancelled")
  boolean aborted;

  @Option(names = "--reason", paramLabel = "TEXT", description = "Why it was aborted")
  String reason;

  @Option(names = "--ended-at", paramLabel = "TIME", converter = InstantConverter.class,
      description = "When the load test ended: ISO-8601 (2026-11-22T10:05:00Z) or epoch milliseconds (default: now)")
  Instant endedAt;

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    Instant at = endedAt != null ? endedAt : Instant.now();
    RunEnd end = aborted ? RunEnd.aborted(reason == null ? "aborted" : reason, at) : RunEnd.completed(at);
    RunInfo run = connection.client().end(runId.value, end);
    context.err().println("PerfGate: run " + run.runId() + " of " + run.series() + " " + run.status() + ": " + run.page());
    return 0;
  }

  /** ISO-8601 instants and epoch milliseconds (what a Jenkinsfile gets from currentTimeMillis). */
  static final class InstantConverter implements ITypeConverter<Instant> {
    @Override
    public Instant convert(String value) {
      if (value.matches("\\d{10,}")) {
        return Instant.ofEpochMilli(Long.parseLong(value));
      }
      try {
        return Instant.parse(value);
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException("'" + value + "' is neither ISO-8601 nor epoch milliseconds");
      }
    }
  }
}
