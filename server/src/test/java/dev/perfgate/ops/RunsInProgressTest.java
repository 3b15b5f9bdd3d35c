package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.Tags;
import org.junit.jupiter.api.Test;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

class RunsInProgressTest {

    @Test
    void shouldCountRunningRunsBySeriesAndTrigger() {
        Run ciA = running("shop", Trigger.CI);
        Run ciB = running("shop", Trigger.CI);
        Run ui = running("shop", Trigger.UI);
        Run other = running("search", Trigger.CI);

        Map<Tags, Long> counts = RunsInProgress.count(List.of(ciA, ciB, ui, other));

        assertThat(counts).containsEntry(tags("shop", "ci"), 2L).containsEntry(tags("shop", "ui"), 1L)
                .containsEntry(tags("search", "ci"), 1L).hasSize(3);
    }

    @Test
    void shouldCountNothingWhenNoRunIsRunning() {
        assertThat(RunsInProgress.count(List.of())).isEmpty();
    }

    @Test
    void shouldFollowCreatedAndEndedRunsBetweenReads() {
        Map<Tags, Long> counts = new HashMap<>(Map.of(tags("shop", "ci"), 1L));

        RunsInProgress.add(counts, running("shop", Trigger.CI), 1);
        RunsInProgress.add(counts, running("search", Trigger.CI), 1);
        RunsInProgress.add(counts, running("search", Trigger.CI), -1);

        assertThat(counts).as("an ended series disappears rather than staying at 0")
                .containsExactly(Map.entry(tags("shop", "ci"), 2L));
    }

    @Test
    void shouldNotCountBelowZeroWhenARunEndsThatWasNotCounted() {
        Map<Tags, Long> counts = new HashMap<>();

        RunsInProgress.add(counts, running("shop", Trigger.UI), -1);

        assertThat(counts).isEmpty();
    }

    static Tags tags(String system, String trigger) {
        return Tags.of("system", system, "workload", "peak", "environment", "test", "trigger", trigger);
    }

    static Run running(String system, Trigger trigger) {
        Run run = OpsMetricsTest.run(RunStatus.RUNNING, trigger);
        return new Run(run.id(), system, run.workload(), run.environment(), run.runId(), run.version(), null, null,
                null, null, trigger, List.of(), Map.of(), run.startedAt(), null, 0, RunStatus.RUNNING, null,
                run.createdAt(), null, null);
    }
}
