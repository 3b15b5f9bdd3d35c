package dev.perfgate.client.cli;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.CiEnvironment;
import dev.perfgate.client.gate.ResultsUpload;
import java.io.IOException;
import picocli.CommandLine.Command;

/** {@code perfgate report}: records a load test that already ran, from its results alone. */
@Command(name = "report",
    description = {"Records a load test that ran elsewhere: starts a run at the results' first request, uploads them,"
        + " ends it at their last response, waits for the verdict and exits with its code. Safe to repeat."})
final class ReportCommand extends GateCommand {

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    if (results.results == null) {
      throw new IllegalArgumentException("report needs --results");
    }
    ResultsUpload upload = results.load(run.rampUpSeconds);
    Verdict verdict = connection.gate().report(run.request(CiEnvironment.from(context.env())), run.derivedRunId(), upload,
        results.measures(), policy.timeout());
    return policy.report(verdict, context.out());
  }
}
