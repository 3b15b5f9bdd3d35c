package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Trigger;
import dev.perfgate.system.ApiException;

class RunAnnotationTest {

    static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");

    @Test
    void shouldSpanAJudgedRunFromStartToEndWithItsVerdict() {
        Run run = withVerdict(OpsMetricsTest.run(RunStatus.COMPLETED, Trigger.CI),
                new RunVerdict("FAIL", "v1", "FAIL: 1 of 3 checks did not pass: avg CPU 51.12 % > 50 %", NOW));

        RunAnnotation a = RunAnnotation.of(run, NOW, "http://perfgate/runs/id-1");

        assertThat(a.time()).isEqualTo(OpsMetricsTest.START.toEpochMilli());
        assertThat(a.timeEnd()).isEqualTo(OpsMetricsTest.END.toEpochMilli());
        assertThat(a.title()).isEqualTo("shop/peak/test run 154 (1.4)");
        assertThat(a.text()).isEqualTo("shop/peak/test run 154 (1.4): completed — FAIL: 1 of 3 checks did not pass: avg CPU 51.12 % > 50 %");
        assertThat(a.tags()).isEqualTo("perfgate,shop,peak,test,completed,fail");
        assertThat(a.verdict()).isEqualTo("FAIL");
    }

    @Test
    void shouldReachARunningRunToNow() {
        RunAnnotation a = RunAnnotation.of(OpsMetricsTest.run(RunStatus.RUNNING, Trigger.UI), NOW, "u");

        assertThat(a.timeEnd()).isEqualTo(NOW.toEpochMilli());
        assertThat(a.status()).isEqualTo("running");
        assertThat(a.text()).endsWith("running since 2026-03-01T10:00:00Z");
    }

    @Test
    void shouldReadGrafanaEpochMillisAndIsoInstants() {
        assertThat(AnnotationsController.instant("from", "1772359200000")).isEqualTo(Instant.parse("2026-03-01T10:00:00Z"));
        assertThat(AnnotationsController.instant("to", "2026-03-01T10:00:00Z")).isEqualTo(Instant.parse("2026-03-01T10:00:00Z"));
        assertThatThrownBy(() -> AnnotationsController.instant("from", "now-6h")).isInstanceOf(ApiException.class)
                .hasMessageContaining("from must be epoch milliseconds or an ISO-8601 instant, not 'now-6h'");
    }

    @Test
    void shouldTreatGrafanasAllValuesAsNoFilter() {
        assertThat(AnnotationsController.blankToNull(".*")).isNull();
        assertThat(AnnotationsController.blankToNull("$__all")).isNull();
        assertThat(AnnotationsController.blankToNull("")).isNull();
        assertThat(AnnotationsController.blankToNull("shop")).isEqualTo("shop");
    }

    static Run withVerdict(Run r, RunVerdict v) {
        return new Run(r.id(), r.system(), r.workload(), r.environment(), r.runId(), r.version(), null, null, null,
                null, r.trigger(), List.of(), Map.of(), r.startedAt(), r.endedAt(), 0, r.status(), null, r.createdAt(), v, null);
    }
}
