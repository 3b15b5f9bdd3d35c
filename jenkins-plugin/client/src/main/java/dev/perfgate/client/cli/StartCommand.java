package dev.perfgate.client.cli;

import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.gate.CiEnvironment;
import java.io.IOException;
import java.time.Instant;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code perfgate start}: the first of the separate steps; prints the run's id for the others. */
@Command(name = "start", sortOptions = false,
    description = "Starts a run now and prints its PerfGate id (alone, on stdout) for upload, end and verdict --run.",
    footer = {"", "Example:", "  RUN=$(perfgate start --system shop --workload checkout --environment perf --ramp-up 30)"})
final class StartCommand implements Callable<Integer> {

  @Mixin
  RunOptions run;

  @Mixin
  ConnectionOptions connection;

  @Override
  public Integer call() throws IOException, InterruptedException {
    PerfGateCli.Context context = connection.context();
    RunInfo started = connection.gate().start(run.request(CiEnvironment.from(context.env())).withStartedAt(Instant.now()),
        run.derivedRunId());
    context.out().println(started.id());
    return 0;
  }
}
