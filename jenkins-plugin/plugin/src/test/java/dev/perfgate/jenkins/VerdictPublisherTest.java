package dev.perfgate.jenkins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import dev.perfgate.client.api.Verdict;
import hudson.AbortException;
import hudson.model.Result;
import hudson.model.Run;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.jenkinsci.plugins.workflow.actions.WarningAction;
import org.jenkinsci.plugins.workflow.graph.FlowNode;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

class VerdictPublisherTest {

  private final Run<?, ?> run = mock(Run.class);
  private final FlowNode node = mock(FlowNode.class);
  private final ByteArrayOutputStream console = new ByteArrayOutputStream();
  private final VerdictPublisher publisher = new VerdictPublisher(run, node,
      new PrintStream(console, true, StandardCharsets.UTF_8));

  private static Verdict verdict(Verdict.Status status, String gate) {
    return new Verdict("r1", "42", "shop", "checkout", "perf", null, status, gate,
        status + ": 1 of 2 checks did not pass: avg CPU 51 % > 50 %", null, null, List.of(), List.of(),
        Map.of("run", "https://perfgate.example.com/runs/r1"));
  }

  @Test
  void shouldMarkRunAndStageUnstableOnAWarning() throws AbortException {
    String status = publisher.publish(verdict(Verdict.Status.WARN, "warn"), new ResultPolicy(null, null), false);

    assertThat(status).isEqualTo("WARN");
    verify(run).setResult(Result.UNSTABLE);
    ArgumentCaptor<WarningAction> warning = ArgumentCaptor.forClass(WarningAction.class);
    verify(node).addOrReplaceAction(warning.capture());
    assertThat(warning.getValue().getResult()).isEqualTo(Result.UNSTABLE);
    assertThat(warning.getValue().getMessage()).isEqualTo("PerfGate WARN: WARN: 1 of 2 checks did not pass: avg CPU 51 % > 50 %");
  }

  @Test
  void shouldLeaveAPassingBuildAloneButLinkToTheRun() throws AbortException {
    publisher.publish(verdict(Verdict.Status.PASS, "pass"), new ResultPolicy(null, null), false);

    verify(run, never()).setResult(any());
    verify(node, never()).addOrReplaceAction(any());
    ArgumentCaptor<PerfGateRunAction> action = ArgumentCaptor.forClass(PerfGateRunAction.class);
    verify(run).addAction(action.capture());
    assertThat(action.getValue().getUrlName()).isEqualTo("https://perfgate.example.com/runs/r1");
  }

  @Test
  void shouldFailTheBuildAndPrintTheSummaryOnAFailure() throws AbortException {
    publisher.publish(verdict(Verdict.Status.FAIL, "fail"), new ResultPolicy(null, null), false);

    verify(run).setResult(Result.FAILURE);
    assertThat(console.toString(StandardCharsets.UTF_8))
        .contains("PerfGate verdict: FAIL for shop/checkout/perf run 42 (gate: fail)")
        .contains("Run page:  https://perfgate.example.com/runs/r1")
        .contains("PerfGate gate: FAILED (verdict FAIL) -> build result FAILURE");
  }

  @Test
  void shouldStopThePipelineOnAFailureWhenAskedTo() {
    assertThatThrownBy(() -> publisher.publish(verdict(Verdict.Status.FAIL, "fail"), new ResultPolicy(null, null), true))
        .isInstanceOf(AbortException.class).hasMessageContaining("failed the performance gate");
    verify(run).setResult(Result.FAILURE);
  }
}
