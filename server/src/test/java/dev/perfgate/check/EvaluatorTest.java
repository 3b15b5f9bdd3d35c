package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.CheckDefinition.Severity;
import dev.perfgate.definition.Rule;
import dev.perfgate.definition.ValueSource;

class EvaluatorTest {

    private static CheckDefinition cpu(String requirement, String growth, double floor, Severity severity, boolean key) {
        return new CheckDefinition("cpu", "avg CPU", "%", new ValueSource.Measure("cpu_avg_pct"),
                requirement == null ? null : Rule.parse(requirement, false),
                growth == null ? null : Rule.parse(growth, true), floor, severity, key, "fp");
    }

    private static CheckDefinition latency(String requirement, String growth, double floor) {
        return new CheckDefinition("p99", "p99", "ms", new ValueSource.Results(null, null, "p99"),
                requirement == null ? null : Rule.parse(requirement, false),
                growth == null ? null : Rule.parse(growth, true), floor, Severity.FAIL, false, "fp2");
    }

    @Test
    void shouldFailCpuAboveRequirementAndGrowthWithTheNumbersInTheMessage() {
        CheckDefinition check = cpu("< 50", "<= +10%", 0, Severity.FAIL, true);

        CheckResult result = Evaluator.evaluate(check, null, Measurement.of(51.12),
                new BaselineValue("b153", "run 153", 18.52), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.requirementStatus()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.growthStatus()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.deltaPct()).isCloseTo(176.03, org.assertj.core.data.Offset.offset(0.01));
        assertThat(result.message()).isEqualTo(
                "avg CPU 51.12 % > 50 %; avg CPU 51.12 % vs 18.52 % in run 153: +176 % > +10 %");
    }

    @Test
    void shouldSayFirstWhatDidNotPassWhenTheRequirementHeldButTheGrowthRuleBroke() {
        CheckResult result = Evaluator.evaluate(latency("< 250ms", "<= +10%", 0), null, Measurement.of(185),
                new BaselineValue("b7", "run 7", 150), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.message()).isEqualTo("p99 185 ms vs 150 ms in run 7: +23.3 % > +10 %; p99 185 ms < 250 ms");
    }

    @Test
    void shouldShowAValueAndItsLimitWithTheDecimalsThatTellThemApartAndTheUnitAsWritten() {
        CheckDefinition errors = new CheckDefinition("errors", "error rate", "%", new ValueSource.Results(null, null,
                "errorPct"), Rule.parse("< 0.01%", false), null, 0, Severity.FAIL, false, "fp3");
        CheckDefinition heap = new CheckDefinition("heap", "heap", "MB", new ValueSource.Measure("heap_mb"),
                Rule.parse("< 512", false), null, 0, Severity.FAIL, false, "fp4");

        assertThat(Evaluator.evaluate(errors, null, Measurement.of(0.013), null, List.of()).message())
                .isEqualTo("error rate 0.013 % > 0.01 %");
        assertThat(Evaluator.evaluate(heap, null, Measurement.of(600), null, List.of()).message())
                .isEqualTo("heap 600 MB > 512 MB");
    }

    @Test
    void shouldNameTheRequestOnceWhenTheChecksNameSaysItAlready() {
        CheckDefinition p95 = new CheckDefinition("p95-post", "p95 of post-entry", "ms", new ValueSource.Results("post-entry",
                null, "p95"), Rule.parse("< 100ms", false), null, 0, Severity.FAIL, false, "fp5");
        CheckDefinition perRequest = new CheckDefinition("p95", "p95", "ms", new ValueSource.Results(null, "post-.*", "p95"),
                Rule.parse("< 100ms", false), null, 0, Severity.FAIL, false, "fp6");

        CheckResult named = Evaluator.evaluate(p95, "post-entry", Measurement.of(120), null, List.of());
        CheckResult matched = Evaluator.evaluate(perRequest, "post-entry", Measurement.of(120), null, List.of());

        assertThat(named.message()).isEqualTo("p95 of post-entry 120 ms > 100 ms");
        assertThat(named.label()).isEqualTo("p95 of post-entry");
        assertThat(matched.message()).isEqualTo("p95 of post-entry 120 ms > 100 ms");
        assertThat(matched.label()).isEqualTo("p95 of post-entry");
    }

    @Test
    void shouldPassWhenCpuDropsAfterTheFix() {
        CheckResult result = Evaluator.evaluate(cpu("< 50", "<= +10%", 0, Severity.FAIL, true), null,
                Measurement.of(32), new BaselineValue("b154", "run 154", 51.12), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.PASS);
        assertThat(result.message()).contains("32 % < 50 %").contains("-37.4 % <= +10 %");
    }

    @Test
    void shouldLetAGrowthWithinTheAbsoluteFloorPass() {
        CheckDefinition check = latency(null, "<= +10%", 10);

        CheckResult result = Evaluator.evaluate(check, null, Measurement.of(45), new BaselineValue("b", "run 7", 40), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.PASS);
        assertThat(result.deltaPct()).isEqualTo(12.5);
        assertThat(result.message()).contains("+12.5 % > +10 %, but only +5 ms (within the floor of 10 ms)");
    }

    @Test
    void shouldFailGrowthBeyondTheFloor() {
        CheckResult result = Evaluator.evaluate(latency(null, "<= +10%", 4), null, Measurement.of(45),
                new BaselineValue("b", "run 7", 40), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void shouldNeverPassWithoutData() {
        CheckResult result = Evaluator.evaluate(cpu("< 50", null, 0, Severity.FAIL, false), null,
                Measurement.missing("Prometheus query returned no series"), null, List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.INCONCLUSIVE);
        assertThat(result.value()).isNull();
        assertThat(result.message()).isEqualTo("avg CPU: no data (Prometheus query returned no series)");
    }

    @Test
    void shouldJudgeRequirementAndSayNoBaselineYetOnTheFirstRun() {
        CheckResult result = Evaluator.evaluate(cpu("< 50", "<= +10%", 0, Severity.FAIL, false), null,
                Measurement.of(20), null, List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.PASS);
        assertThat(result.growthStatus()).isNull();
        assertThat(result.message()).contains("no baseline yet");
    }

    @Test
    void shouldWarnForWarnSeverityButFailForAKeyCheck() {
        CheckResult warn = Evaluator.evaluate(cpu("< 50", null, 0, Severity.WARN, false), null, Measurement.of(60), null, List.of());
        CheckResult key = Evaluator.evaluate(cpu("< 50", null, 0, Severity.WARN, true), null, Measurement.of(60), null, List.of());

        assertThat(warn.status()).isEqualTo(CheckStatus.WARN);
        assertThat(key.status()).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void shouldApplyEveryOperator() {
        assertThat(status("< 10", 10)).isEqualTo(CheckStatus.FAIL);
        assertThat(status("<= 10", 10)).isEqualTo(CheckStatus.PASS);
        assertThat(status("> 10", 10)).isEqualTo(CheckStatus.FAIL);
        assertThat(status(">= 10", 10)).isEqualTo(CheckStatus.PASS);
        assertThat(status(">= 10", 9.99)).isEqualTo(CheckStatus.FAIL);
    }

    @Test
    void shouldJudgeThroughputDropWithANegativeGrowthRule() {
        CheckDefinition throughput = new CheckDefinition("rps", "throughput", "req/s",
                new ValueSource.Results(null, null, "throughput"), null, Rule.parse(">= -5%", true), 0,
                Severity.FAIL, false, "fp");

        CheckResult result = Evaluator.evaluate(throughput, null, Measurement.of(90), new BaselineValue("b", "run 3", 100), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.message()).contains("-10 % < -5 %");
    }

    @Test
    void shouldReportNoiseBandAndFlagAGrowthRuleInsideIt() {
        List<Double> history = List.of(100.0, 91.0, 109.0, 100.0, 95.0, 105.0);

        CheckResult result = Evaluator.evaluate(cpu(null, "<= +10%", 0, Severity.FAIL, false), null,
                Measurement.of(104), new BaselineValue("b", "run 6", 100), history);

        Noise noise = result.noise();
        assertThat(noise.runs()).isEqualTo(6);
        assertThat(noise.median()).isEqualTo(100.0);
        assertThat(noise.mad()).isEqualTo(5.0);
        assertThat(noise.noisePct()).isCloseTo(7.41, org.assertj.core.data.Offset.offset(0.01));
        assertThat(noise.exceeded()).isFalse();
        assertThat(noise.note()).contains("sits inside the measured noise").contains("7.41 %");
    }

    @Test
    void shouldSayWhenAChangeExceedsTheNoise() {
        CheckResult result = Evaluator.evaluate(cpu(null, "<= +50%", 0, Severity.FAIL, false), null,
                Measurement.of(130), new BaselineValue("b", "run 6", 100), List.of(100.0, 99.0, 101.0, 100.0));

        assertThat(result.noise().exceeded()).isTrue();
        assertThat(result.noise().note()).isNull();
    }

    @Test
    void shouldTreatAGrowthFromZeroAsUnbounded() {
        CheckResult result = Evaluator.evaluate(cpu(null, "<= +10%", 0, Severity.FAIL, false), null,
                Measurement.of(5), new BaselineValue("b", "run 6", 0), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.FAIL);
        assertThat(result.message()).contains("from 0");
    }

    private static CheckStatus status(String requirement, double value) {
        return Evaluator.evaluate(cpu(requirement, null, 0, Severity.FAIL, false), null, Measurement.of(value), null, List.of()).status();
    }
}
