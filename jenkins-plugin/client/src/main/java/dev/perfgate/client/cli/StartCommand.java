package dev.perfgate.client.cli;

import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.gate.CiEnvironment;
import java.io.IOException;
import java.time.Instant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code perfgate start}: the first of the separate steps; prints the run's id for the others. */
@Command(name = "start",
    description = "Starts a run now and prints its PerfGate id (alone, on stdout) for upload, end and verdict --run.",
    footer = {"", "Example:", "  RUN=$(perfgate start --system shop --workload checkout --environment perf --ramp-up 30)"})
final class StartCommand extends ConnectedCommand {

  @Mixin
  RunOptions run;

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    RunInfo started = connection.gate().start(run.request(CiEnvironment.from(context.env())).withStartedAt(Instant.now()),
        run.derivedRunId());
    context.out().println(started.id());
    return 0;
  }
}
