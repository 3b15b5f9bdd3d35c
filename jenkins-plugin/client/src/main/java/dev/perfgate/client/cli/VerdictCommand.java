package dev.perfgate.client.cli;

import dev.perfgate.client.api.Verdict;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code perfgate verdict}: waits for an ended run's verdict, prints it, exits with its code. */
@Command(name = "verdict", sortOptions = false,
    description = "Waits for a run's verdict, prints every check with its numbers and links, exits 0/2/3 (1: error).")
final class VerdictCommand implements Callable<Integer> {

  @ParentCommand
  PerfGateCli parent;

  @Option(names = "--run", required = true, paramLabel = "ID", description = "The run's PerfGate id (from start)")
  String runId;

  @Mixin
  PolicyOptions policy;

  @Mixin
  ConnectionOptions connection;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help")
  boolean help;

  @Override
  public Integer call() throws IOException, InterruptedException {
    Verdict verdict = connection.client(parent.context).awaitVerdict(runId, policy.timeout());
    return policy.report(verdict, parent.context.out());
  }
}
