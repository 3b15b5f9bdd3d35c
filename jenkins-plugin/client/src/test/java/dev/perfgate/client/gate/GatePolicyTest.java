package dev.perfgate.client.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.GatePolicy.Decision;
import dev.perfgate.client.gate.GatePolicy.FailOn;
import dev.perfgate.client.gate.GatePolicy.Inconclusive;
import dev.perfgate.client.gate.GatePolicy.Outcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GatePolicyTest {

  private static Verdict verdict(Verdict.Status status, String gate) {
    return new Verdict("r1", "42", "shop", "checkout", "perf", null, status, gate, status + ": …", null, null,
        List.of(), List.of(), Map.of());
  }

  @Test
  void shouldExitZeroOnPass() {
    Decision decision = GatePolicy.DEFAULT.decide(verdict(Verdict.Status.PASS, "pass"));

    assertThat(decision.outcome()).isEqualTo(Outcome.PASSED);
    assertThat(decision.exitCode()).isZero();
  }

  @Test
  void shouldExitTwoOnWarnByDefault() {
    Decision decision = GatePolicy.DEFAULT.decide(verdict(Verdict.Status.WARN, "warn"));

    assertThat(decision.outcome()).isEqualTo(Outcome.WARNED);
    assertThat(decision.exitCode()).isEqualTo(2);
  }

  @Test
  void shouldLetWarningsPassWithWarnExitZero() {
    Decision decision = GatePolicy.DEFAULT.withWarnExitCode(0).decide(verdict(Verdict.Status.WARN, "warn"));

    assertThat(decision.outcome()).as("still a warning, for the log").isEqualTo(Outcome.WARNED);
    assertThat(decision.exitCode()).isZero();
  }

  @Test
  void shouldExitThreeOnFailAndOnInvalid() {
    assertThat(GatePolicy.DEFAULT.decide(verdict(Verdict.Status.FAIL, "fail")).exitCode()).isEqualTo(3);
    assertThat(GatePolicy.DEFAULT.decide(verdict(Verdict.Status.INVALID, "fail")).exitCode()).isEqualTo(3);
  }

  @Test
  void shouldFollowTheServersGateOnInconclusiveByDefault() {
    assertThat(GatePolicy.DEFAULT.decide(verdict(Verdict.Status.INCONCLUSIVE, "fail")).exitCode()).isEqualTo(3);
    assertThat(GatePolicy.DEFAULT.decide(verdict(Verdict.Status.INCONCLUSIVE, "warn")).exitCode()).isEqualTo(2);
    assertThat(GatePolicy.DEFAULT.decide(verdict(Verdict.Status.INCONCLUSIVE, "pass")).exitCode()).isZero();
  }

  @Test
  void shouldFailAnInconclusiveVerdictWithoutAGate() {
    Decision decision = GatePolicy.DEFAULT.decide(verdict(Verdict.Status.INCONCLUSIVE, null));

    assertThat(decision.outcome()).isEqualTo(Outcome.FAILED);
    assertThat(decision.reason()).isEqualTo("verdict INCONCLUSIVE; the server's gate says nothing, so fail");
  }

  @Test
  void shouldOverrideTheServersGateWithAnExplicitInconclusivePolicy() {
    Decision decision = GatePolicy.DEFAULT.withInconclusive(Inconclusive.WARN)
        .decide(verdict(Verdict.Status.INCONCLUSIVE, "fail"));

    assertThat(decision.exitCode()).isEqualTo(2);
    assertThat(decision.reason()).isEqualTo("verdict INCONCLUSIVE; the inconclusive policy says warn");
  }

  @Test
  void shouldFailOnWarningsWhenFailOnIsWarn() {
    Decision decision = GatePolicy.DEFAULT.withFailOn(FailOn.WARN).decide(verdict(Verdict.Status.WARN, "warn"));

    assertThat(decision.exitCode()).isEqualTo(3);
    assertThat(decision.reason()).isEqualTo("verdict WARN; failing on warnings (failOn WARN)");
  }

  @Test
  void shouldOnlyWarnOnFailureWhenFailOnIsNever() {
    Decision decision = GatePolicy.DEFAULT.withFailOn(FailOn.NEVER).decide(verdict(Verdict.Status.FAIL, "fail"));

    assertThat(decision.outcome()).isEqualTo(Outcome.WARNED);
    assertThat(decision.exitCode()).isEqualTo(2);
  }

  @Test
  void shouldFailAStatusItDoesNotKnow() {
    assertThat(GatePolicy.DEFAULT.decide(verdict(Verdict.Status.UNKNOWN, "pass")).outcome()).isEqualTo(Outcome.FAILED);
    assertThat(GatePolicy.DEFAULT.decide(verdict(null, "pass")).outcome()).isEqualTo(Outcome.FAILED);
  }
}
