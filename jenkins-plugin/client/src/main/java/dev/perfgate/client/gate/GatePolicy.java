package dev.perfgate.client.gate;

import dev.perfgate.client.api.Verdict;
import java.io.Serializable;
import java.util.Locale;

/**
 * What CI does with a verdict: pass, warn or fail, and the process exit code for each. The one place that decides;
 * the CLI exits with {@link Decision#exitCode()}, the Jenkins step maps {@link Decision#outcome()} to a build result.
 *
 * <ul>
 *   <li>PASS passes, WARN warns, FAIL and INVALID fail;</li>
 *   <li>INCONCLUSIVE as {@code inconclusive} says; by default as the server's {@code gate} says, which follows the
 *       definition's own policy (default fail: no data is never a pass);</li>
 *   <li>{@code failOn} then moves the line: WARN also fails on warnings, NEVER only warns (report-only mode);</li>
 *   <li>a status this client does not know fails.</li>
 * </ul>
 *
 * @param failOn the least serious outcome that fails
 * @param inconclusive what an INCONCLUSIVE verdict does
 * @param warnExitCode the exit code of a warning: 2, or 0 to let warnings pass in CI systems without "unstable"
 */
public record GatePolicy(FailOn failOn, Inconclusive inconclusive, int warnExitCode) implements Serializable {

  public static final int EXIT_PASS = 0;
  /** An error: PerfGate unreachable, refused, no verdict in time, the load test failed, bad arguments. */
  public static final int EXIT_ERROR = 1;
  public static final int EXIT_WARN = 2;
  public static final int EXIT_FAIL = 3;

  public static final GatePolicy DEFAULT = new GatePolicy(FailOn.FAIL, Inconclusive.GATE, EXIT_WARN);

  /** The least serious outcome that fails the gate. */
  public enum FailOn {
    /** warnings fail too */
    WARN,
    /** only failures fail (default) */
    FAIL,
    /** nothing fails; failures only warn */
    NEVER
  }

  /** What an INCONCLUSIVE verdict does. */
  public enum Inconclusive {
    /** as the server's gate field says (default) */
    GATE, PASS, WARN, FAIL
  }

  /** What CI does. */
  public enum Outcome {
    PASSED, WARNED, FAILED
  }

  /**
   * A decision and why.
   *
   * @param reason one line, e.g. {@code verdict INCONCLUSIVE; the server's gate says fail}
   */
  public record Decision(Outcome outcome, String reason, int exitCode) implements Serializable {
  }

  public GatePolicy {
    if (warnExitCode < 0 || warnExitCode > 255) {
      throw new IllegalArgumentException("the warning exit code must be 0 to 255, got " + warnExitCode);
    }
  }

  public GatePolicy withFailOn(FailOn value) {
    return new GatePolicy(value, inconclusive, warnExitCode);
  }

  public GatePolicy withInconclusive(Inconclusive value) {
    return new GatePolicy(failOn, value, warnExitCode);
  }

  public GatePolicy withWarnExitCode(int value) {
    return new GatePolicy(failOn, inconclusive, value);
  }

  public Decision decide(Verdict verdict) {
    Verdict.Status status = verdict.status() == null ? Verdict.Status.UNKNOWN : verdict.status();
    Outcome outcome = switch (status) {
      case PASS -> Outcome.PASSED;
      case WARN -> Outcome.WARNED;
      case FAIL, INVALID -> Outcome.FAILED;
      case INCONCLUSIVE -> inconclusive(verdict.gate());
      default -> Outcome.FAILED;
    };
    String reason = switch (status) {
      case PASS, WARN, FAIL, INVALID -> "verdict " + status;
      case INCONCLUSIVE -> inconclusive == Inconclusive.GATE
          ? "verdict INCONCLUSIVE; the server's gate says " + (verdict.gate() == null ? "nothing, so fail" : verdict.gate())
          : "verdict INCONCLUSIVE; the inconclusive policy says " + inconclusive.name().toLowerCase(Locale.ROOT);
      default -> "verdict " + status + " is not one this client knows, so fail";
    };
    if (failOn == FailOn.WARN && outcome == Outcome.WARNED) {
      outcome = Outcome.FAILED;
      reason += "; failing on warnings (failOn WARN)";
    } else if (failOn == FailOn.NEVER && outcome == Outcome.FAILED) {
      outcome = Outcome.WARNED;
      reason += "; only warning (failOn NEVER)";
    }
    return new Decision(outcome, reason, exitCode(outcome));
  }

  private Outcome inconclusive(String gate) {
    return switch (inconclusive) {
      case PASS -> Outcome.PASSED;
      case WARN -> Outcome.WARNED;
      case FAIL -> Outcome.FAILED;
      case GATE -> "pass".equalsIgnoreCase(gate) ? Outcome.PASSED
          : "warn".equalsIgnoreCase(gate) ? Outcome.WARNED : Outcome.FAILED;
    };
  }

  public int exitCode(Outcome outcome) {
    return switch (outcome) {
      case PASSED -> EXIT_PASS;
      case WARNED -> warnExitCode;
      case FAILED -> EXIT_FAIL;
    };
  }
}
