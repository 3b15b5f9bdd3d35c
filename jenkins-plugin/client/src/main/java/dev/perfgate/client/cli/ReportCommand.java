package dev.perfgate.client.cli;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.CiEnvironment;
import dev.perfgate.client.gate.GateRun;
import dev.perfgate.client.gate.ResultsUpload;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code perfgate report}: records a load test that already ran, from its results alone. */
@Command(name = "report", sortOptions = false,
    description = {"Records a load test that ran elsewhere: starts a run at the results' first request, uploads them,"
        + " ends it at their last response, waits for the verdict and exits with its code. Safe to repeat."})
final class ReportCommand implements Callable<Integer> {

  @ParentCommand
  PerfGateCli parent;

  @Mixin
  RunOptions run;

  @Mixin
  ResultsOptions results;

  @Mixin
  PolicyOptions policy;

  @Mixin
  ConnectionOptions connection;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help")
  boolean help;

  @Override
  public Integer call() throws IOException, InterruptedException {
    if (results.results == null) {
      throw new IllegalArgumentException("report needs --results");
    }
    PerfGateCli.Context context = parent.context;
    ResultsUpload upload = results.load(run.rampUpSeconds);
    GateRun gate = new GateRun(connection.client(context), context.err());
    Verdict verdict = gate.report(run.request(CiEnvironment.from(context.env())), run.derivedRunId(), upload,
        results.measures(), policy.timeout());
    return policy.report(verdict, context.out());
  }
}
