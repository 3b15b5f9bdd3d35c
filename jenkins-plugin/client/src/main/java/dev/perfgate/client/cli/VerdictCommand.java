package dev.perfgate.client.cli;

import dev.perfgate.client.api.Verdict;
import java.io.IOException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code perfgate verdict}: waits for an ended run's verdict, prints it, exits with its code. */
@Command(name = "verdict",
    description = "Waits for a run's verdict, prints every check with its numbers and links, exits 0/2/3 (1: error).")
final class VerdictCommand extends RunStepCommand {

  @Mixin
  PolicyOptions policy;

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    Verdict verdict = connection.client().awaitVerdict(runId.value, policy.timeout());
    return policy.report(verdict, context.out());
  }
}
