package dev.perfgate.client.cli;

import dev.perfgate.client.api.PerfGateClient;
import dev.perfgate.client.api.PerfGateException;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * While {@code perfgate run}'s load test runs, tells PerfGate every {@link #EVERY} that it still does: should this
 * process die (a killed CI agent, a lost machine) PerfGate ends the run as aborted once it has heard nothing for its
 * {@code perfgate.runs.abandon-after}, instead of keeping it running for ever. A failed report is said once and
 * tried again at the next beat; a 409 (the run ended meanwhile, e.g. as abandoned) is said and ends the beats.
 */
final class Heartbeat implements AutoCloseable {

  static final Duration EVERY = Duration.ofSeconds(30);

  private final ScheduledExecutorService beats;

  private Heartbeat(ScheduledExecutorService beats) {
    this.beats = beats;
  }

  /** Starts the beats for run {@code id} (PerfGate's id), the first at once; {@code every}: {@link #EVERY} but in tests. */
  static Heartbeat start(PerfGateClient client, String id, String runId, PrintStream err, Duration every) {
    ScheduledExecutorService beats = Executors.newSingleThreadScheduledExecutor(work -> {
      Thread thread = new Thread(work, "perfgate-heartbeat");
      thread.setDaemon(true);
      return thread;
    });
    boolean[] said = {false};
    beats.scheduleWithFixedDelay(() -> {
      try {
        client.heartbeat(id);
        said[0] = false;
      } catch (IOException e) {
        if (e instanceof PerfGateException refused && refused.status() == 409) {
          err.println("perfgate: PerfGate has ended run " + runId + " meanwhile: " + e.getMessage());
          beats.shutdown();
        } else if (!said[0]) {
          said[0] = true;
          err.println("perfgate: could not tell PerfGate that the load test still runs (tried again every "
              + every.toSeconds() + " s): " + e.getMessage());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    return new Heartbeat(beats);
  }

  /** Whether the beats have stopped (after a 409, or {@link #close}) within {@code timeout}. */
  boolean awaitStopped(Duration timeout) throws InterruptedException {
    return beats.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    beats.shutdownNow();
  }
}
