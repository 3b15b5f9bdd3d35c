package dev.perfgate.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.CheckDefinition.Severity;
import dev.perfgate.definition.Rule;
import dev.perfgate.definition.ValueSource;

class PlausibilityTest {

    private static final String CPU = "sum(rate(namedprocess_namegroup_cpu_seconds_total{groupname=\"demo-app\"}[5s])) * 100";

    @Test
    void shouldRejectACpuMetricThatReadsZeroForTheWholeRunWhileRequestsWereServed() {
        var why = Plausibility.ofSamples(CPU, List.of(0.0, 0.0, 0.0, 0.0), 6_000);

        assertThat(why).hasValueSatisfying(reason -> assertThat(reason)
                .isEqualTo("the CPU metric read 0 in all 4 samples of the steady state while 6,000 requests were served: "
                        + "is the exporter matching the process?"));
    }

    @Test
    void shouldAcceptZeroCpuWhenNoRequestWasServedAndAnyCpuThatMoves() {
        assertThat(Plausibility.ofSamples(CPU, List.of(0.0, 0.0, 0.0), 0)).isEmpty();
        assertThat(Plausibility.ofSamples(CPU, List.of(0.0, 0.0, 12.5, 0.0), 6_000)).as("one sample moved").isEmpty();
        assertThat(Plausibility.ofSamples(CPU, List.of(17.2, 18.9, 16.4, 18.0, 17.7), 6_000)).isEmpty();
    }

    @Test
    void shouldRejectACpuMetricThatNeverMovesAndANegativeRate() {
        assertThat(Plausibility.ofSamples(CPU, List.of(20.0, 20.0, 20.0, 20.0, 20.0), 6_000))
                .hasValueSatisfying(reason -> assertThat(reason).contains("read exactly 20 in all 5 samples"));
        assertThat(Plausibility.ofSamples(CPU, List.of(20.0, 20.0, 20.0), 6_000)).as("too few samples to tell").isEmpty();
        assertThat(Plausibility.ofSamples("rate(http_requests_total[1m])", List.of(3.0, -1.5), 6_000))
                .hasValueSatisfying(reason -> assertThat(reason).contains("read -1.5").contains("cannot be negative"));
    }

    @Test
    void shouldLeaveZerosOfMetricsThatAreNotCpuAlone() {
        assertThat(Plausibility.ofSamples("sum(rate(http_server_errors_total[5s]))", List.of(0.0, 0.0, 0.0), 6_000))
                .as("no errors is a fine reading").isEmpty();
    }

    @Test
    void shouldFindTheProcessExporterGroupAndRejectAGroupWithNoProcess() {
        assertThat(Plausibility.processGroup(CPU)).contains("demo-app");
        assertThat(Plausibility.processGroup("avg(process_cpu_usage)")).isEmpty();
        assertThat(Plausibility.processCountQuery("demo-app")).isEqualTo("max(namedprocess_namegroup_num_procs{groupname=\"demo-app\"})");

        assertThat(Plausibility.ofProcessCount("demo-app", List.of(0.0, 0.0)))
                .hasValueSatisfying(reason -> assertThat(reason).contains("group 'demo-app' had no process during the run"));
        assertThat(Plausibility.ofProcessCount("demo-app", List.of(0.0, 1.0))).isEmpty();
        assertThat(Plausibility.ofProcessCount("demo-app", List.of())).as("count unknown: no claim").isEmpty();
    }

    @Test
    void shouldHoldAValueToTheChecksOwnExpectation() {
        CheckDefinition check = new CheckDefinition("cpu-per-1k", "CPU seconds per 1,000 requests", "s",
                new ValueSource.Measure("cpu"), Rule.parse("< 10", false), null, 0, Severity.FAIL, false, "fp",
                List.of(Rule.parse("> 0", false)));

        assertThat(Plausibility.ofExpect(check, 0)).hasValueSatisfying(reason -> assertThat(reason)
                .isEqualTo("read 0 s, which is not what a real reading looks like: expected > 0"));
        assertThat(Plausibility.ofExpect(check, 0.8)).isEmpty();
    }

    @Test
    void shouldJudgeAnImplausibleReadingInconclusiveNeverPass() {
        CheckDefinition check = new CheckDefinition("cpu", "avg CPU", "%", new ValueSource.Measure("cpu"),
                Rule.parse("< 50", false), Rule.parse("<= +10%", true), 0, Severity.FAIL, true, "fp");

        CheckResult result = Evaluator.evaluate(check, null, Measurement.implausible("the CPU metric read 0"),
                new BaselineValue("b", "run 7", 18.0), List.of());

        assertThat(result.status()).isEqualTo(CheckStatus.INCONCLUSIVE);
        assertThat(result.message()).isEqualTo("avg CPU: implausible reading, not judged (the CPU metric read 0)");
    }
}
