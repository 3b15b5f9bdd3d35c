package dev.perfgate.client.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A backtest as {@code POST /api/v1/series/{system}/{workload}/{environment}/backtest} answers it: which definition
 * was replayed over which series, run by run (oldest first) what the gate said and would say, and the sums.
 *
 * @param definition the replayed file (and its version)
 * @param submitted true for a file sent with the request, false for the checks in force
 * @param notes runs not replayed and why, and the growth rules that sit inside the series' noise
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record Backtest(String series, String definition, boolean submitted, String baseline, List<Row> runs,
    Summary summary, List<String> notes) {

  public Backtest {
    runs = runs == null ? List.of() : List.copyOf(runs);
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /** One run: its verdict then ({@code actual}) and replayed, and the checks that did not pass in the replay. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Row(String id, String runId, Instant startedAt, String actual, String replayed, boolean changed,
      List<Finding> findings, List<String> notReplayable) {

    public Row {
      findings = findings == null ? List.of() : List.copyOf(findings);
      notReplayable = notReplayable == null ? List.of() : List.copyOf(notReplayable);
    }
  }

  /** A check that did not pass in the replay. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Finding(String check, String status, String message) {
  }

  /** The sums: verdicts that change, new FAILs, FAILs cleared, FAILs on runs accepted as good, runs not replayable. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Summary(int runs, int changed, Map<String, Integer> actual, Map<String, Integer> replayed,
      int newFails, int clearedFails, int failsOnGoodRuns, int notReplayableRuns) {

    public Summary {
      actual = actual == null ? Map.of() : Map.copyOf(actual);
      replayed = replayed == null ? Map.of() : Map.copyOf(replayed);
    }
  }

  /**
   * What to replay.
   *
   * @param file the checks file's name, for problems (file:line)
   * @param checks its text; null replays the checks in force
   * @param runs how many of the newest runs (null: the server's default, 100)
   * @param live whether checks with no stored value may query their Prometheus now
   */
  public record Request(String file, String checks, Integer runs, Boolean live) {
  }
}
