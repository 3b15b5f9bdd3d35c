package dev.perfgate.jenkins;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.GatePolicy;
import hudson.model.Result;
import java.util.Arrays;
import java.util.Locale;

/**
 * What a verdict does to the build. The client's {@link GatePolicy} decides pass, warn or fail (with the step's
 * {@code failOn} and {@code inconclusive}); this maps the outcome to a build result: PASSED to SUCCESS, WARNED to
 * UNSTABLE, FAILED to FAILURE.
 */
public final class ResultPolicy {

  private final GatePolicy gate;

  /**
   * @param failOn WARN, FAIL or NEVER (any case; null: FAIL)
   * @param inconclusive GATE, PASS, WARN or FAIL (any case; null: GATE)
   * @throws IllegalArgumentException naming the allowed values
   */
  public ResultPolicy(String failOn, String inconclusive) {
    this.gate = GatePolicy.DEFAULT
        .withFailOn(parse(GatePolicy.FailOn.class, "failOn", failOn, GatePolicy.FailOn.FAIL))
        .withInconclusive(parse(GatePolicy.Inconclusive.class, "inconclusive", inconclusive, GatePolicy.Inconclusive.GATE));
  }

  public GatePolicy.Decision decide(Verdict verdict) {
    return gate.decide(verdict);
  }

  public static Result resultOf(GatePolicy.Outcome outcome) {
    switch (outcome) {
      case PASSED:
        return Result.SUCCESS;
      case WARNED:
        return Result.UNSTABLE;
      default:
        return Result.FAILURE;
    }
  }

  private static <E extends Enum<E>> E parse(Class<E> type, String name, String value, E fallback) {
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Enum.valueOf(type, value.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("perfGate: " + name + " '" + value + "' is not one of "
          + Arrays.toString(type.getEnumConstants()), e);
    }
  }
}
