package dev.perfgate.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.GatePolicy;
import hudson.model.Result;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultPolicyTest {

  private static Verdict verdict(Verdict.Status status, String gate) {
    return new Verdict("r1", "42", "shop", "checkout", "perf", null, status, gate, status + ": …", null, null,
        List.of(), List.of(), Map.of());
  }

  private static Result result(ResultPolicy policy, Verdict.Status status, String gate) {
    return ResultPolicy.resultOf(policy.decide(verdict(status, gate)).outcome());
  }

  @Test
  void shouldMapPassWarnAndFailToSuccessUnstableAndFailure() {
    ResultPolicy policy = new ResultPolicy(null, null);

    assertThat(result(policy, Verdict.Status.PASS, "pass")).isEqualTo(Result.SUCCESS);
    assertThat(result(policy, Verdict.Status.WARN, "warn")).isEqualTo(Result.UNSTABLE);
    assertThat(result(policy, Verdict.Status.FAIL, "fail")).isEqualTo(Result.FAILURE);
    assertThat(result(policy, Verdict.Status.INVALID, "fail")).isEqualTo(Result.FAILURE);
  }

  @Test
  void shouldFollowTheServersGateForInconclusiveByDefault() {
    ResultPolicy policy = new ResultPolicy("FAIL", "GATE");

    assertThat(result(policy, Verdict.Status.INCONCLUSIVE, "fail")).isEqualTo(Result.FAILURE);
    assertThat(result(policy, Verdict.Status.INCONCLUSIVE, "pass")).isEqualTo(Result.SUCCESS);
  }

  @Test
  void shouldFailOnWarningsWhenConfigured() {
    assertThat(result(new ResultPolicy("warn", null), Verdict.Status.WARN, "warn")).isEqualTo(Result.FAILURE);
  }

  @Test
  void shouldOnlyMarkUnstableInReportOnlyMode() {
    assertThat(result(new ResultPolicy("NEVER", null), Verdict.Status.FAIL, "fail")).isEqualTo(Result.UNSTABLE);
  }

  @Test
  void shouldRefuseAnUnknownSettingNamingTheAllowedOnes() {
    assertThatThrownBy(() -> new ResultPolicy("sometimes", null))
        .hasMessage("perfGate: failOn 'sometimes' is not one of [WARN, FAIL, NEVER]");
  }

  @Test
  void shouldMapEveryOutcome() {
    assertThat(ResultPolicy.resultOf(GatePolicy.Outcome.PASSED)).isEqualTo(Result.SUCCESS);
    assertThat(ResultPolicy.resultOf(GatePolicy.Outcome.WARNED)).isEqualTo(Result.UNSTABLE);
    assertThat(ResultPolicy.resultOf(GatePolicy.Outcome.FAILED)).isEqualTo(Result.FAILURE);
  }
}
