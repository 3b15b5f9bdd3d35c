package dev.perfgate.client.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.api.Verdict.Check;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VerdictSummaryTest {

  private static final Check CPU = new Check("cpu", "avg CPU", null, Verdict.Status.FAIL, true, 51.123, "%", "< 50",
      "<= +10%", "run 41", 46.3, 4.823, 10.416, "avg CPU 51.12 % > 50 %", List.of(), Map.of(), "avg CPU");
  private static final Check P99 = new Check("p99", "p99", "GET /matrix", Verdict.Status.PASS, false, 180.0, "ms",
      null, null, null, null, null, null, "p99 of GET /matrix 180 ms", List.of("matrix.multiply +12 %"), Map.of(),
      "p99 of GET /matrix");
  private static final Check ERRORS = new Check("errors", null, null, Verdict.Status.INCONCLUSIVE, false, null, null,
      "< 1", null, null, null, null, null, "errors: no data (no results were posted)", List.of(), Map.of(), null);

  private static Verdict verdict(List<Check> checks, Map<String, String> links) {
    return new Verdict("r1", "42", "shop", "checkout", "perf", "1.2.3", Verdict.Status.FAIL, "fail",
        "FAIL: 2 of 3 checks did not pass", null, null, checks, List.of(), links);
  }

  @Test
  void shouldShowEveryCheckWithValueThresholdBaselineDeltaAndMessage() {
    String table = VerdictSummary.table(List.of(CPU, P99, ERRORS));

    assertThat(table.lines()).containsExactly(
        "  STATUS        CHECK               VALUE    THRESHOLD      BASELINE         DELTA              MESSAGE",
        "  FAIL          avg CPU             51.12 %  < 50, <= +10%  46.3 % (run 41)  +4.82 % (+10.4 %)  avg CPU 51.12 % > 50 %",
        "  PASS          p99 of GET /matrix  180 ms   -              -                -                  p99 of GET /matrix 180 ms",
        "                > matrix.multiply +12 %",
        "  INCONCLUSIVE  errors              no data  < 1            -                -                  errors: no data (no results were posted)");
  }

  @Test
  void shouldHeadTheSummaryWithTheStatusSeriesAndGate() {
    String text = VerdictSummary.render(verdict(List.of(CPU), Map.of()));

    assertThat(text.lines().limit(2)).containsExactly(
        "PerfGate verdict: FAIL for shop/checkout/perf run 42 (gate: fail)",
        "FAIL: 2 of 3 checks did not pass");
  }

  @Test
  void shouldSayWhenTheRunsRegressionWasReviewed() {
    Verdict judged = verdict(List.of(CPU), Map.of());
    Verdict accepted = new Verdict(judged.id(), judged.runId(), judged.system(), judged.workload(),
        judged.environment(), judged.version(), judged.status(), judged.gate(), judged.summary(), judged.reason(),
        judged.evaluatedAt(), judged.checks(), judged.profiles(), judged.links(), new Verdict.Review("accepted",
        "new matrix library", "alice", java.time.Instant.parse("2026-12-01T10:00:00Z")));

    assertThat(VerdictSummary.render(accepted).lines().limit(3)).containsExactly(
        "PerfGate verdict: FAIL for shop/checkout/perf run 42 (gate: fail)",
        "FAIL: 2 of 3 checks did not pass",
        "Regression accepted by alice at 2026-12-01T10:00:00Z: new matrix library (later runs may compare with this run)");
    assertThat(VerdictSummary.render(judged)).doesNotContain("Regression");
  }

  @Test
  void shouldListTheRunAndCompareLinksFirstAndAnyNewLinkAfter() {
    // the verdict keeps no order of its own (Map.copyOf): the summary orders them
    Map<String, String> links = Map.of(
        "self", "http://pg/api/v1/runs/r1/verdict",
        "trends", "http://pg/series/shop/checkout/perf/trends",
        "zzz", "http://pg/zzz",
        "compare", "http://pg/compare?run=r1&with=r0",
        "flamegraph", "http://pg/runs/r1/flamegraph",
        "run", "http://pg/runs/r1");

    assertThat(VerdictSummary.links(verdict(List.of(), links)).lines()).containsExactly(
        "  Run page:    http://pg/runs/r1",
        "  Compare:     http://pg/compare?run=r1&with=r0",
        "  Flamegraph:  http://pg/runs/r1/flamegraph",
        "  Trends:      http://pg/series/shop/checkout/perf/trends",
        "  zzz:         http://pg/zzz");
  }

  @Test
  void shouldLabelTheServersFlamegraphLinks() {
    Map<String, String> links = Map.of(
        "flamegraphDiff", "http://pg/diff?a=r0&b=r1",
        "flamegraph", "http://pg/flamegraph?run=r1",
        "run", "http://pg/runs/r1");

    assertThat(VerdictSummary.links(verdict(List.of(), links)).lines()).containsExactly(
        "  Run page:         http://pg/runs/r1",
        "  Flamegraph:       http://pg/flamegraph?run=r1",
        "  Flamegraph diff:  http://pg/diff?a=r0&b=r1");
  }

  @Test
  void shouldSummarizeEachProfileWithTheLinksNotShownElsewhere() {
    Verdict.Profile cpu = new Verdict.Profile("cpu", "ok", null,
        List.of("matrix.multiply self +12 % of CPU", "json.write self -3 %"), "http://pg/fg/cpu", "http://pg/diff/cpu",
        "run 41", null);
    Verdict.Profile alloc = new Verdict.Profile("alloc", "missing", "no alloc profile in the window", List.of(), null,
        null, null, null);
    Verdict verdict = new Verdict("r1", "42", "shop", "checkout", "perf", null, Verdict.Status.PASS, "pass", "PASS",
        null, null, List.of(), List.of(cpu, alloc), Map.of("flamegraph", "http://pg/fg/cpu"));

    assertThat(VerdictSummary.profiles(verdict).lines()).containsExactly(
        "  PROFILES",
        "  cpu: ok",
        "    > matrix.multiply self +12 % of CPU",
        "    > json.write self -3 %",
        "    diff vs run 41: http://pg/diff/cpu",
        "  alloc: missing (no alloc profile in the window)");
  }

  @Test
  void shouldShowLinksOfACheckBelowIt() {
    Check withDiff = new Check("cpu", "avg CPU", null, Verdict.Status.FAIL, false, 51.0, "%", "< 50", null, null,
        null, null, null, "avg CPU 51 % > 50 %", List.of(), Map.of("diff", "http://pg/diff?a=1&b=2"), "avg CPU");

    assertThat(VerdictSummary.table(List.of(withDiff))).contains("\n          Profile diff: http://pg/diff?a=1&b=2\n");
  }

  @Test
  void shouldFormatNumbersAsTheRunPageAndSlackDo() {
    assertThat(VerdictSummary.format(51.126)).isEqualTo("51.13");
    assertThat(VerdictSummary.format(180.0)).isEqualTo("180");
    assertThat(VerdictSummary.format(0.5)).isEqualTo("0.5");
    assertThat(VerdictSummary.format(-0.001)).isEqualTo("0");
    assertThat(VerdictSummary.format(1234567.0)).as("no exponent, thousands separated").isEqualTo("1,234,567");
    assertThat(VerdictSummary.signed(5)).isEqualTo("+5");
    assertThat(VerdictSummary.signed(-1.5)).isEqualTo("-1.5");
    assertThat(VerdictSummary.signed(-0.001)).isEqualTo("0");
  }

  @Test
  void shouldEndWithTheDecisionAndItsConsequence() {
    GatePolicy.Decision decision = new GatePolicy.Decision(GatePolicy.Outcome.FAILED, "verdict FAIL", 3);

    assertThat(VerdictSummary.decisionLine(decision, "exit 3")).isEqualTo("PerfGate gate: FAILED (verdict FAIL) -> exit 3\n");
  }
}
