package dev.perfgate.web;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.CheckStatus;
import dev.perfgate.check.GateResult;
import dev.perfgate.check.Verdict;
import dev.perfgate.results.RequestStats;
import dev.perfgate.results.ResultsDocument;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Trigger;

/** The Perfana story's runs 153 (baseline) and 154 (CPU and p99 fail) as the page slices' stubs return them. */
final class Fixtures {

    static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");
    static final Instant T153 = Instant.parse("2026-03-02T10:00:00Z");
    static final Instant T154 = Instant.parse("2026-03-02T11:00:00Z");

    private Fixtures() {
    }

    /** A fixed clock for "3 min ago". */
    @TestConfiguration
    static class FixedClock {
        @Bean
        Clock clock() {
            return Clock.fixed(NOW, ZoneOffset.UTC);
        }
    }

    static Run run153() {
        return run("r153", "153", T153, new RunVerdict("PASS", "v153", "PASS: all 2 checks passed", T153.plusSeconds(200)));
    }

    static Run run154() {
        return run("r154", "154", T154, new RunVerdict("FAIL", "v154",
                "FAIL: 2 of 2 checks did not pass: FAIL avg CPU 51.12 % > 50 %", T154.plusSeconds(200)));
    }

    static Run run(String id, String runId, Instant started, RunVerdict verdict) {
        return new Run(id, "afterburner", "peak", "test", runId, "1." + runId, "https://ci.example/job/" + runId + "/",
                runId, "main", "abc" + runId, Trigger.CI, List.of("nightly"), Map.of(), started, started.plusSeconds(150),
                30, RunStatus.COMPLETED, null, started, verdict, null);
    }

    /** A run still going: started, not ended, no verdict. */
    static Run running(String id, String runId) {
        return new Run(id, "afterburner", "peak", "test", runId, "1." + runId, null, null, null, null, Trigger.UI,
                List.of(), Map.of(), T154, null, 30, RunStatus.RUNNING, null, T154, null, null);
    }

    static Verdict verdict154() {
        return new Verdict("v154", "r154", T154.plusSeconds(200), "run ended", CheckStatus.FAIL, GateResult.FAIL,
                "FAIL: 2 of 2 checks did not pass", "afterburner.yaml", "abc", "previous",
                new Verdict.Validity(true, List.of()), List.of(cpu(51.12, CheckStatus.FAIL, "r153", 18.52), p99(260, CheckStatus.FAIL)), List.of());
    }

    static Verdict verdict153() {
        return new Verdict("v153", "r153", T153.plusSeconds(200), "run ended", CheckStatus.PASS, GateResult.PASS,
                "PASS: all 2 checks passed", "afterburner.yaml", "abc", "previous",
                new Verdict.Validity(true, List.of()), List.of(cpu(18.52, CheckStatus.PASS, null, null), p99(118, CheckStatus.PASS)), List.of());
    }

    static CheckResult cpu(double value, CheckStatus status, String baselineRun, Double baseline) {
        Double delta = baseline == null ? null : value - baseline;
        Double pct = baseline == null ? null : 100 * (value - baseline) / baseline;
        return new CheckResult("cpu", "avg CPU", "measure:cpu_avg_pct|%", null, status, true, "FAIL", value, "%", "< 50",
                status, "<= +10%", baseline == null ? null : status, baselineRun,
                baselineRun == null ? null : "run 153", baseline, delta, pct, 0.0, null,
                status == CheckStatus.FAIL ? "avg CPU 51.12 % > 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % > +10 %"
                        : "avg CPU 18.52 % < 50 %", List.of());
    }

    static CheckResult p99(double value, CheckStatus status) {
        return new CheckResult("p99", "p99 response time", "results:p99|ms", null, status, false, "FAIL", value, "ms",
                "<= 200ms", status, null, null, null, null, null, null, null, null, null,
                "p99 response time " + (int) value + " ms " + (value > 200 ? ">" : "<") + " 200 ms", List.of());
    }

    static RunResults results(String runId, double p99) {
        RequestStats global = new RequestStats("All Requests", 1000, 1000, 0, 0.0, 5.0, 40.0, 300.0, 35.0, null, null,
                null, p99, null, 50.0);
        RequestStats matrix = new RequestStats("matrix", 500, 499, 1, 0.2, 5.0, 60.0, 300.0, 55.0, null, 90.0, 120.0,
                p99, null, 25.0);
        Instant start = runId.equals("r154") ? T154 : T153;
        List<ResultsDocument.TimePoint> seconds = List.of(
                new ResultsDocument.TimePoint(start, 40, 0, 30.0, 90.0),
                new ResultsDocument.TimePoint(start.plusSeconds(1), 50, 1, 40.0, p99));
        return new RunResults(runId, "perfgate-results/v1", "gatling 3.15.1",
                new ResultsDocument.Window(start, start.plusSeconds(150), start.plusSeconds(30)), false, global,
                List.of(matrix), Map.of("cpu_avg_pct", runId.equals("r154") ? 51.12 : 18.52), seconds, start.plusSeconds(160));
    }
}
