package dev.perfgate.jenkins;

import dev.perfgate.client.api.Verdict;
import dev.perfgate.client.gate.GatePolicy;
import dev.perfgate.client.gate.VerdictSummary;
import hudson.AbortException;
import hudson.model.Result;
import hudson.model.Run;
import java.io.PrintStream;
import org.jenkinsci.plugins.workflow.actions.WarningAction;
import org.jenkinsci.plugins.workflow.graph.FlowNode;

/**
 * Shows a verdict in Jenkins, as warnings-ng and junit do for theirs: the summary table in the console, the build
 * result ({@code run.setResult}, which only ever makes it worse), a {@link WarningAction} on the step so the stage
 * shows it, and a {@link PerfGateRunAction} linking to PerfGate.
 */
final class VerdictPublisher {

  private final Run<?, ?> run;
  private final FlowNode node;
  private final PrintStream log;

  VerdictPublisher(Run<?, ?> run, FlowNode node, PrintStream log) {
    this.run = run;
    this.node = node;
    this.log = log;
  }

  /**
   * @return the verdict's status, the step's return value
   * @throws AbortException when the gate failed and the step is told to stop the pipeline
   */
  String publish(Verdict verdict, ResultPolicy policy, boolean stopOnFailure) throws AbortException {
    GatePolicy.Decision decision = policy.decide(verdict);
    Result result = ResultPolicy.resultOf(decision.outcome());
    log.print(VerdictSummary.render(verdict));
    log.print(VerdictSummary.decisionLine(decision, "build result " + result));
    run.addAction(new PerfGateRunAction(verdict));
    if (result.isWorseThan(Result.SUCCESS)) {
      run.setResult(result);
      node.addOrReplaceAction(new WarningAction(result).withMessage("PerfGate " + verdict.status() + ": "
          + verdict.summary()));
    }
    if (stopOnFailure && result == Result.FAILURE) {
      throw new AbortException("PerfGate: the load test failed the performance gate: " + verdict.summary());
    }
    return String.valueOf(verdict.status());
  }
}
