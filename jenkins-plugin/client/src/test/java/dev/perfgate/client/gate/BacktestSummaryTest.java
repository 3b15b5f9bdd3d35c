package dev.perfgate.client.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfgate.client.api.Backtest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The backtest's table, summary and exit code. */
class BacktestSummaryTest {

  static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

  static Backtest.Row row(String runId, String actual, String replayed, Backtest.Finding... findings) {
    return new Backtest.Row("id" + runId, runId, T0, actual, replayed, !actual.equals(replayed), List.of(findings),
        List.of());
  }

  static Backtest backtest(int changed, int newFails, Backtest.Row... rows) {
    return new Backtest("shop/peak/test", "shop.yaml", true, "median", List.of(rows),
        new Backtest.Summary(rows.length, changed, Map.of("PASS", 2, "FAIL", 1), Map.of("PASS", 1, "FAIL", 2),
            newFails, 0, newFails, 0), List.of());
  }

  @Test
  void shouldPrintEveryRunWithBothVerdictsAndTheFailingChecksBelow() {
    Backtest backtest = backtest(1, 1, row("153", "PASS", "PASS"),
        row("154", "PASS", "FAIL", new Backtest.Finding("p99", "FAIL", "p99 260 ms vs 118 ms in run 153: +120 % > +10 %")),
        row("155", "FAIL", "FAIL"));

    String text = BacktestSummary.render(backtest);

    assertThat(text).contains("PerfGate backtest of shop.yaml (submitted) over shop/peak/test: 3 runs, baseline median")
        .contains("  RUN  STARTED (UTC)     ACTUAL  BACKTEST  CHANGED\n")
        .contains("  154  2026-11-22 10:00  PASS    FAIL      yes\n"
            + "       FAIL p99 260 ms vs 118 ms in run 153: +120 % > +10 %\n")
        .contains("  actual:   PASS 2, FAIL 1\n  backtest: PASS 1, FAIL 2\n")
        .contains("new FAILs 1, FAILs cleared 0, FAILs on runs accepted as good 1");
  }

  @Test
  void shouldPrintOnlyTheChangedRunsWhenAskedButCountThemAll() {
    Backtest backtest = backtest(1, 1, row("153", "PASS", "PASS"), row("154", "PASS", "FAIL"));

    String text = BacktestSummary.render(backtest, true);

    assertThat(text).contains("  154  ").doesNotContain("  153  ").contains("Summary: 2 runs, 1 verdict(s) change");
  }

  @Test
  void shouldExitZeroTwoOrThreeAsTheVerdictsChange() {
    Backtest same = backtest(0, 0, row("1", "PASS", "PASS"));
    Backtest changed = backtest(1, 0, row("1", "FAIL", "PASS"));
    Backtest newFail = backtest(1, 1, row("1", "PASS", "FAIL"));

    assertThat(BacktestSummary.exitCode(same)).isZero();
    assertThat(BacktestSummary.exitCode(changed)).isEqualTo(2);
    assertThat(BacktestSummary.exitCode(newFail)).isEqualTo(3);
    assertThat(BacktestSummary.decisionLine(newFail)).isEqualTo("PerfGate backtest: 1 run(s) would FAIL that did not -> exit 3\n");
  }
}
