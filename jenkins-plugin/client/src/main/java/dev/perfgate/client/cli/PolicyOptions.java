package dev.perfgate.client.cli;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.GatePolicy;
import dev.perfgate.client.gate.VerdictSummary;
import java.io.PrintStream;
import java.time.Duration;
import picocli.CommandLine.Option;

/** How long to wait for the verdict and what it does to the exit code. */
final class PolicyOptions {

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "300",
      description = "Longest wait for the verdict; still pending then is an error, exit 1 (default: ${DEFAULT-VALUE})")
  long timeoutSeconds;

  @Option(names = "--fail-on", paramLabel = "LEVEL", defaultValue = "FAIL",
      description = "Least serious verdict that fails: WARN, FAIL or NEVER (report only) (default: ${DEFAULT-VALUE})")
  GatePolicy.FailOn failOn;

  @Option(names = "--inconclusive", paramLabel = "POLICY", defaultValue = "GATE",
      description = "What INCONCLUSIVE does: GATE (as the server's gate says, from the definition), PASS, WARN or FAIL"
          + " (default: ${DEFAULT-VALUE})")
  GatePolicy.Inconclusive inconclusive;

  @Option(names = "--warn-exit", paramLabel = "CODE", defaultValue = "2",
      description = "Exit code of a warning; 0 lets warnings pass (default: ${DEFAULT-VALUE})")
  int warnExit;

  Duration timeout() {
    return Duration.ofSeconds(Math.max(0, timeoutSeconds));
  }

  GatePolicy policy() {
    return new GatePolicy(failOn, inconclusive, warnExit);
  }

  /** Prints the verdict and the decision on {@code out}; returns the exit code. */
  int report(Verdict verdict, PrintStream out) {
    GatePolicy.Decision decision = policy().decide(verdict);
    out.print(VerdictSummary.render(verdict));
    out.print(VerdictSummary.decisionLine(decision, "exit " + decision.exitCode()));
    out.flush();
    return decision.exitCode();
  }
}
