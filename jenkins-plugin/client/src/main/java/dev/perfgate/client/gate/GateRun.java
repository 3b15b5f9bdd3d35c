package dev.perfgate.client.gate;

import dev.perfgate.client.api.PerfGateClient;
import dev.perfgate.client.api.PerfGateException;
import dev.perfgate.client.api.RunEnd;
import dev.perfgate.client.api.RunInfo;
import dev.perfgate.client.api.RunRequest;
import dev.perfgate.client.api.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * The steps of recording a load test at PerfGate, in the order that gets it judged right: start the run, (the load
 * test runs), attach results and measures, end the run at the load test's exact end, wait for the verdict. Results go
 * before the end because PerfGate judges when a run ends. Shared by the CLI and the Jenkins step; reports each step
 * in the CI log.
 */
public final class GateRun {

  /** Suffixes tried for a derived runId whose run has already ended. */
  static final int MAX_SUFFIX = 20;
  private static final int MAX_REASON = 2000;

  private final PerfGateClient client;
  private final PrintStream log;

  public GateRun(PerfGateClient client, PrintStream log) {
    this.client = client;
    this.log = log;
  }

  /**
   * Starts the run, never twice: PerfGate returns the existing run for a runId it knows. That run is taken over when
   * it is still running (a retried start) or when it started at the same instant (a retried report of the same
   * results). A run that has ended otherwise belongs to an earlier load test: a runId derived from the CI
   * environment then gets a suffix ({@code -2}, {@code -3}, …), one the user gave is an error.
   *
   * @param derivedRunId whether {@code request.runId()} came from the environment rather than the user
   */
  public RunInfo start(RunRequest request, boolean derivedRunId) throws IOException, InterruptedException {
    RunRequest attempt = request;
    for (int suffix = 2; ; suffix++) {
      PerfGateClient.Started started = client.start(attempt);
      RunInfo run = started.run();
      if (started.created()) {
        log.println("PerfGate: started run " + run.runId() + " of " + run.series() + ": " + run.page());
        return run;
      }
      if (run.running() || sameInstant(run.startedAt(), attempt.startedAt())) {
        log.println("PerfGate: run " + run.runId() + " of " + run.series() + " exists (" + run.status()
            + "), taking it over: " + run.page());
        return run;
      }
      if (!derivedRunId || request.runId() == null || suffix > MAX_SUFFIX) {
        throw new PerfGateException(PerfGateException.Kind.REJECTED, 200, "run id '" + attempt.runId() + "' of "
            + run.series() + " belongs to a run that has already ended (" + run.status() + ", started "
            + run.startedAt() + "): " + run.page() + ". Give each load test its own run id.");
      }
      attempt = request.withRunId(CiEnvironment.runId(request.runId() + "-" + suffix));
    }
  }

  /** Attaches the results and measures, ends the run at {@code endedAt}, and waits for the verdict. */
  public Verdict complete(RunInfo run, ResultsUpload results, Map<String, Double> measures, Instant endedAt,
      Duration timeout) throws IOException, InterruptedException {
    if (results != null) {
      results.requireNotBefore(run.startedAt());
      log.println("PerfGate: uploading " + results.description());
      client.uploadResults(run.id(), results.json());
    }
    if (measures != null && !measures.isEmpty()) {
      log.println("PerfGate: adding measures " + measures);
      client.addMeasures(run.id(), measures);
    }
    if (results == null && (measures == null || measures.isEmpty())) {
      log.println("PerfGate: no results nor measures given: only checks that read Prometheus have data");
    }
    client.end(run.id(), RunEnd.completed(endedAt));
    log.println("PerfGate: run " + run.runId() + " ended" + (endedAt == null ? "" : " at " + endedAt)
        + "; waiting up to " + timeout.toSeconds() + " s for the verdict");
    return client.awaitVerdict(run.id(), timeout);
  }

  /** Ends the run as aborted: PerfGate marks it INVALID, never judges it and never takes it as a baseline. */
  public void abort(RunInfo run, String reason, Instant endedAt) throws IOException, InterruptedException {
    String text = reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON - 1) + "…" : reason;
    client.end(run.id(), RunEnd.aborted(text, endedAt));
    log.println("PerfGate: run " + run.runId() + " aborted: " + text);
  }

  /**
   * Records a load test that ran elsewhere from its results alone: starts the run at the results' start, attaches
   * them, ends it at their end, and waits for the verdict. Safe to repeat.
   */
  public Verdict report(RunRequest request, boolean derivedRunId, ResultsUpload results, Map<String, Double> measures,
      Duration timeout) throws IOException, InterruptedException {
    RunRequest timed = request.startedAt() == null && results != null ? request.withStartedAt(results.start()) : request;
    RunInfo run = start(timed, derivedRunId);
    Instant end = results == null || results.end() == null || run.startedAt() != null && results.end().isBefore(run.startedAt())
        ? null : results.end();
    return complete(run, results, measures, end, timeout);
  }

  /** The verdict of a run that was ended elsewhere, e.g. by {@code perfgate end}. */
  public Verdict awaitVerdict(String id, Duration timeout) throws IOException, InterruptedException {
    return client.awaitVerdict(id, timeout);
  }

  private static boolean sameInstant(Instant a, Instant b) {
    return a != null && b != null && a.toEpochMilli() == b.toEpochMilli();
  }
}
