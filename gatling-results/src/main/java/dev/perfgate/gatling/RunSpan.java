package dev.perfgate.gatling;

import lombok.AccessLevel;
import lombok.Getter;
import lombok.experimental.Accessors;

/**
 * First pass over a log: the run's header and its span, as Gatling's report takes it: from the first user start
 * or request start to the last user event, response or group end.
 */
@Getter(AccessLevel.PACKAGE)
@Accessors(fluent = true)
final class RunSpan implements SimulationLogReader.Listener {

  private RunRecord run;
  /** Epoch ms of the first event; meaningful once a request was read. */
  private long start = Long.MAX_VALUE;
  private long end = Long.MIN_VALUE;
  private long requests;

  @Override
  public void onRun(RunRecord run) {
    this.run = run;
  }

  @Override
  public void onRequest(RequestRecord request) {
    requests++;
    start = Math.min(start, request.start());
    end = Math.max(end, request.end());
  }

  @Override
  public void onUser(long timestamp, boolean userStart) {
    if (userStart) {
      start = Math.min(start, timestamp);
    }
    end = Math.max(end, timestamp);
  }

  @Override
  public void onGroup(long groupStart, long groupEnd) {
    start = Math.min(start, groupStart);
    end = Math.max(end, groupEnd);
  }
}
