package dev.perfgate.client.cli;

import dev.perfgate.client.api.Retry;
import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.api.RunRequest;
import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.CiEnvironment;
import dev.perfgate.client.gate.GatePolicy;
import dev.perfgate.client.gate.GateRun;
import dev.perfgate.client.gate.ResultsUpload;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code perfgate run … -- <command>}: the whole gate around one load-test command. */
@Command(name = "run",
    description = {"Starts a run, runs the load-test command, then uploads its results, ends the run at the command's"
        + " exact end and exits with the verdict's code.",
        "If the command fails, the run is aborted with the reason and the exit code is 1; if PerfGate cannot be"
            + " reached at the start, the command does not run."},
    footer = {"", "Example:", "  perfgate run --system shop --workload checkout --environment perf --ramp-up 30 \\",
        "      --results load-scripts/target/gatling -- ./mvnw -pl load-scripts gatling:test"})
final class RunCommand extends GateCommand {

  @Parameters(arity = "1..*", paramLabel = "COMMAND", description = "The load test, after --")
  List<String> command;

  @Override
  int call(PerfGateCli.Context context) throws IOException, InterruptedException {
    GateRun gate = connection.gate();
    Clock clock = Clock.systemUTC();
    RunRequest request = run.request(CiEnvironment.from(context.env())).withStartedAt(clock.instant());
    RunInfo started = gate.start(request, run.derivedRunId());

    context.err().println("PerfGate: running " + String.join(" ", command));
    // a CI cancel stops the JVM: abort the run on the way out, with one quick attempt
    GateRun lastWord = new GateRun(connection.client(Retry.DEFAULT.withRetries(0)), context.err());
    CommandRunner.Result ran;
    // while the load test runs, PerfGate hears every 30 s that it does: should this process die, the run is ended
    try (Heartbeat beats = Heartbeat.start(connection.client(Retry.DEFAULT.withRetries(0)), started.id(),
        started.runId(), context.err(), Heartbeat.EVERY)) {
      ran = new CommandRunner(clock).run(command, () -> abortQuietly(lastWord, started,
          "perfgate was stopped while the load test ran", clock.instant()));
    }
    if (ran.exitCode() != 0) {
      gate.abort(started, "the load test command failed with exit code " + ran.exitCode() + ": "
          + String.join(" ", command), ran.end());
      context.err().println("perfgate: the load test failed (exit code " + ran.exitCode() + "); run "
          + started.runId() + " aborted, not judged: " + started.page());
      return GatePolicy.EXIT_ERROR;
    }

    ResultsUpload upload;
    try {
      upload = results.load(run.rampUpSeconds);
      if (upload != null) {
        upload.requireNotBefore(started.startedAt());
      }
    } catch (IOException e) {
      gate.abort(started, "the results could not be used: " + e.getMessage(), ran.end());
      throw e;
    }
    Verdict verdict = gate.complete(started, upload, results.measures(), ran.end(), policy.timeout());
    return policy.report(verdict, context.out());
  }

  private static void abortQuietly(GateRun gate, RunInfo run, String reason, Instant at) {
    try {
      gate.abort(run, reason, at);
    } catch (IOException | RuntimeException e) {
      // the JVM is going down; PerfGate keeps the run as running and a later start with its runId takes it over
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
