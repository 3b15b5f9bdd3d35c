package dev.perfgate.client.gate;

import dev.perfgate.client.api.Backtest;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders a backtest for a terminal or CI log: one row per run (oldest first) with the verdict given and the
 * verdict replayed, the checks that did not pass below it, then the sums; and its exit code. Plain ASCII.
 */
public final class BacktestSummary {

  private static final List<String> HEADINGS = List.of("RUN", "STARTED (UTC)", "ACTUAL", "BACKTEST", "CHANGED");
  private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

  private BacktestSummary() {
  }

  /** The table and the summary; ends with a line break. */
  public static String render(Backtest backtest) {
    return render(backtest, false);
  }

  /** The table (only the runs whose verdict changes, if asked) and the summary; ends with a line break. */
  public static String render(Backtest backtest, boolean changedOnly) {
    StringBuilder out = new StringBuilder();
    out.append("PerfGate backtest of ").append(backtest.definition())
        .append(backtest.submitted() ? " (submitted)" : " (in force)").append(" over ").append(backtest.series())
        .append(": ").append(backtest.runs().size()).append(" runs, baseline ").append(backtest.baseline())
        .append('\n').append("Nothing was stored and no alert was sent.\n\n");
    List<Backtest.Row> shown = backtest.runs().stream().filter(row -> !changedOnly || row.changed()).toList();
    List<List<String>> rows = new ArrayList<>();
    for (Backtest.Row row : shown) {
      rows.add(List.of(row.runId(), row.startedAt() == null ? "-" : STARTED.format(row.startedAt()), row.actual(),
          row.replayed(), row.changed() ? "yes" : ""));
    }
    int[] widths = new int[HEADINGS.size()];
    for (int column = 0; column < widths.length; column++) {
      widths[column] = HEADINGS.get(column).length();
      for (List<String> row : rows) {
        widths[column] = Math.max(widths[column], row.get(column).length());
      }
    }
    line(out, HEADINGS, widths);
    String indent = " ".repeat(4 + widths[0]);
    for (int i = 0; i < rows.size(); i++) {
      line(out, rows.get(i), widths);
      Backtest.Row row = shown.get(i);
      for (Backtest.Finding finding : row.findings()) {
        out.append(indent).append(finding.status()).append(' ').append(finding.message()).append('\n');
      }
      if (!row.notReplayable().isEmpty()) {
        out.append(indent).append("not replayable: ").append(String.join(", ", row.notReplayable())).append('\n');
      }
    }
    backtest.notes().forEach(note -> out.append("  note: ").append(note).append('\n'));
    Backtest.Summary s = backtest.summary();
    if (s != null) {
      out.append('\n').append("Summary: ").append(s.runs()).append(" runs, ").append(s.changed())
          .append(" verdict(s) change\n")
          .append("  actual:   ").append(counts(s.actual())).append('\n')
          .append("  backtest: ").append(counts(s.replayed())).append('\n')
          .append("  new FAILs ").append(s.newFails()).append(", FAILs cleared ").append(s.clearedFails())
          .append(", FAILs on runs accepted as good ").append(s.failsOnGoodRuns())
          .append(", runs with checks not replayable ").append(s.notReplayableRuns()).append('\n');
    }
    return out.toString();
  }

  /** 0: no verdict changes; 2: verdicts change, but no run newly FAILs; 3: some run would FAIL that did not. */
  public static int exitCode(Backtest backtest) {
    Backtest.Summary s = backtest.summary();
    if (s == null) {
      return GatePolicy.EXIT_ERROR;
    }
    if (s.newFails() > 0) {
      return GatePolicy.EXIT_FAIL;
    }
    return s.changed() > 0 ? GatePolicy.EXIT_WARN : GatePolicy.EXIT_PASS;
  }

  /** The closing line: what the exit code says. */
  public static String decisionLine(Backtest backtest) {
    int code = exitCode(backtest);
    String why = switch (code) {
      case GatePolicy.EXIT_PASS -> "no verdict changes";
      case GatePolicy.EXIT_WARN -> backtest.summary().changed() + " verdict(s) change, no run newly FAILs";
      case GatePolicy.EXIT_FAIL -> backtest.summary().newFails() + " run(s) would FAIL that did not";
      default -> "no summary in the answer";
    };
    return "PerfGate backtest: " + why + " -> exit " + code + "\n";
  }

  private static String counts(Map<String, Integer> byStatus) {
    if (byStatus.isEmpty()) {
      return "-";
    }
    return List.of("PASS", "WARN", "FAIL", "INCONCLUSIVE", "INVALID", "PENDING", "NONE").stream()
        .filter(byStatus::containsKey).map(status -> status + " " + byStatus.get(status))
        .collect(Collectors.joining(", "));
  }

  private static void line(StringBuilder out, List<String> cells, int[] widths) {
    StringBuilder line = new StringBuilder("  ");
    for (int column = 0; column < cells.size(); column++) {
      line.append(cells.get(column)).append(" ".repeat(widths[column] - cells.get(column).length() + 2));
    }
    out.append(line.toString().stripTrailing()).append('\n');
  }
}
