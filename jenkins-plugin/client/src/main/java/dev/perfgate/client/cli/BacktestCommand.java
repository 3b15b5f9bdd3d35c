package dev.perfgate.client.cli;

import dev.perfgate.client.api.Backtest;
import dev.perfgate.client.gate.BacktestSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code perfgate backtest [FILE] --series SYSTEM/WORKLOAD/ENVIRONMENT} (also {@code perfgate checks backtest}):
 * replays a series' recorded runs through a checks file, or the checks in force, and prints what the gate would
 * have said run by run.
 */
@Command(name = "backtest", modelTransformer = SeriesOptions.NotRequired.class,
    description = {"Replays the newest runs of a series through FILE (a checks/*.yaml), or the checks in force"
        + " without FILE, and prints per run the verdict given and the verdict replayed, with the checks that did"
        + " not pass. PerfGate stores nothing and sends no alert.",
        "Exit 0: no verdict changes; 2: verdicts change, no run newly FAILs; 3: some run would FAIL that did not;"
            + " 1: error (bad file, PerfGate unreachable)."})
final class BacktestCommand extends ConnectedCommand {

  @Spec
  picocli.CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "FILE", arity = "0..1", description = "The checks file to replay (default: the checks in force)")
  Path file;

  @Option(names = "--series", paramLabel = "SYSTEM/WORKLOAD/ENVIRONMENT",
      description = "The series, e.g. demo-app/peak/local (or --system, --workload and --environment)")
  String series;

  @Mixin
  SeriesOptions names;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "100",
      description = "How many of the newest runs to replay, 1 to 500 (default: ${DEFAULT-VALUE})")
  int runs;

  @Option(names = "--no-live", negatable = false,
      description = "Do not query Prometheus for values the verdicts did not store: such checks are not replayable")
  boolean noLive;

  @Option(names = "--changed-only", description = "Print only the runs whose verdict changes (the summary counts all)")
  boolean changedOnly;

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    String system = names.system;
    String workload = names.workload;
    String environment = names.environment;
    if (series != null) {
      String[] parts = series.split("/", -1);
      if (parts.length != 3 || Arrays.stream(parts).anyMatch(String::isBlank)
          || system != null || workload != null || environment != null) {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--series takes SYSTEM/WORKLOAD/ENVIRONMENT"
            + " (was '" + series + "'), instead of --system, --workload and --environment");
      }
      system = parts[0];
      workload = parts[1];
      environment = parts[2];
    }
    if (system == null || workload == null || environment == null) {
      throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "name the series: --series SYSTEM/WORKLOAD/ENVIRONMENT, or --system, --workload and --environment");
    }
    String text = null;
    if (file != null) {
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException(file + " is not a file");
      }
      text = Files.readString(file, StandardCharsets.UTF_8);
    }
    Backtest backtest = connection.client().backtest(system, workload, environment,
        new Backtest.Request(file == null ? null : file.toString(), text, runs, !noLive));
    context.out().print(BacktestSummary.render(backtest, changedOnly));
    context.out().print(BacktestSummary.decisionLine(backtest));
    context.out().flush();
    return BacktestSummary.exitCode(backtest);
  }
}
