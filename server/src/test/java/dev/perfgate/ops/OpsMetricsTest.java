package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.perfgate.check.CheckStatus;
import dev.perfgate.check.GateResult;
import dev.perfgate.check.Verdict;
import dev.perfgate.check.VerdictService;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunCreated;
import dev.perfgate.run.RunEnded;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

class OpsMetricsTest {

    static final Instant START = Instant.parse("2026-03-01T10:00:00Z");
    static final Instant END = START.plusSeconds(300);

    final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    final OpsMetrics metrics = new OpsMetrics(registry, Clock.fixed(END.plusSeconds(4), ZoneOffset.UTC));

    @Test
    void shouldCountRecordedRunsBySeriesAndTrigger() {
        metrics.onRunCreated(new RunCreated(run(RunStatus.RUNNING, Trigger.UI)));
        metrics.onRunCreated(new RunCreated(run(RunStatus.RUNNING, Trigger.UI)));

        double recorded = registry.get("perfgate.runs.recorded").tags("system", "shop", "workload", "peak",
                "environment", "test", "trigger", "ui").counter().count();
        assertThat(recorded).isEqualTo(2);
    }

    @Test
    void shouldCountEndedRunsByStatus() {
        metrics.onRunEnded(new RunEnded(run(RunStatus.ABORTED, Trigger.CI)));

        assertThat(registry.get("perfgate.runs.ended").tag("status", "aborted").counter().count()).isEqualTo(1);
    }

    @Test
    void shouldCountVerdictsAndTimeTheEvaluationFromItsStart() {
        Verdict verdict = verdict(END.plusSeconds(1), "run ended");

        metrics.onVerdict(new VerdictService.VerdictReady(run(RunStatus.COMPLETED, Trigger.CI), verdict, null));

        assertThat(registry.get("perfgate.verdicts").tags("status", "fail", "gate", "fail", "system", "shop")
                .counter().count()).isEqualTo(1);
        assertThat(registry.get("perfgate.evaluation.duration").timer().totalTime(TimeUnit.SECONDS))
                .as("from evaluatedAt (start of judging) to the event").isEqualTo(3.0);
        assertThat(registry.get("perfgate.verdict.delay").timer().totalTime(TimeUnit.SECONDS))
                .as("from the run's end").isEqualTo(4.0);
    }

    @Test
    void shouldNotCountAReEvaluationOnRequestAsVerdictDelay() {
        Verdict again = verdict(END.plusSeconds(1), "re-evaluated by admin");

        metrics.onVerdict(new VerdictService.VerdictReady(run(RunStatus.COMPLETED, Trigger.CI), again, null));

        assertThat(registry.get("perfgate.verdict.delay").timer().count()).isZero();
        assertThat(registry.get("perfgate.evaluation.duration").timer().count()).isEqualTo(1);
    }

    @Test
    void shouldCountFailedEvaluations() {
        metrics.onEvaluationFailed(new VerdictService.EvaluationFailed("r1", "run ended", new IllegalStateException("x")));

        assertThat(registry.get("perfgate.evaluation.failures").counter().count()).isEqualTo(1);
    }

    static Run run(RunStatus status, Trigger trigger) {
        return new Run("id-1", "shop", "peak", "test", "154", "1.4", null, null, null, null, trigger, List.of(),
                Map.of(), START, status == RunStatus.RUNNING ? null : END, 0, status, null, START, null, null);
    }

    static Verdict verdict(Instant evaluatedAt, String reason) {
        return new Verdict("v1", "id-1", evaluatedAt, reason, CheckStatus.FAIL, GateResult.FAIL, "FAIL: 1 of 1", null, null,
                null, new Verdict.Validity(true, List.of()), List.of(), List.of());
    }
}
