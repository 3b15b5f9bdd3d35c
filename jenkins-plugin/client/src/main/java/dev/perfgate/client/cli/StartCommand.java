package dev.perfgate.client.cli;

import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.gate.CiEnvironment;
import dev.perfgate.client.gate.GateRun;
import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code perfgate start}: the first of the separate steps; prints the run's id for the others. */
@Command(name = "start", sortOptions = false,
    description = "Starts a run now and prints its PerfGate id (alone, on stdout) for upload, end and verdict --run.",
    footer = {"", "Example:", "  RUN=$(perfgate start --system shop --workload checkout --environment perf --ramp-up 30)"})
final class StartCommand implements Callable<Integer> {

  @ParentCommand
  PerfGateCli parent;

  @Mixin
  RunOptions run;

  @Mixin
  ConnectionOptions connection;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "Show this help")
  boolean help;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PerfGateCli.Context context = parent.context;
    GateRun gate = new GateRun(connection.client(context), context.err());
    RunInfo started = gate.start(run.request(CiEnvironment.from(context.env())).withStartedAt(Instant.now()),
        run.derivedRunId());
    context.out().println(started.id());
    return 0;
  }
}
