package dev.perfgate.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunCreated;
import dev.perfgate.run.RunEnded;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

class RunsInProgressTest {

    final RunRepository runs = mock(RunRepository.class);
    final SimpleMeterRegistry registry = new SimpleMeterRegistry();

    @Test
    void shouldCountRunningRunsBySeriesAndTrigger() {
        Run ciA = running("a", "shop", Trigger.CI);
        Run ciB = running("b", "shop", Trigger.CI);
        Run ui = running("c", "shop", Trigger.UI);
        Run other = running("d", "search", Trigger.CI);

        Map<Tags, Long> counts = RunsInProgress.count(List.of(ciA, ciB, ui, other).stream().map(RunsInProgress::tags)
                .toList());

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

        RunsInProgress.add(counts, tags("shop", "ci"), 1);
        RunsInProgress.add(counts, tags("search", "ci"), 1);
        RunsInProgress.add(counts, tags("search", "ci"), -1);

        assertThat(counts).as("an ended series disappears rather than staying at 0")
                .containsExactly(Map.entry(tags("shop", "ci"), 2L));
    }

    @Test
    void shouldNotCountARunThatEndsWithoutHavingBeenCounted() {
        RunsInProgress gauge = new RunsInProgress(runs, registry, true);

        gauge.onEnded(new RunEnded(running("a", "shop", Trigger.UI)));

        assertThat(shown("shop", "ui")).isNull();
    }

    @Test
    void shouldReadTheRunningRunsOnceThenOnlyTheCountedOnesOnItsOwnStore() {
        RunsInProgress gauge = new RunsInProgress(runs, registry, true);
        Run a = running("a", "shop", Trigger.CI);
        Run b = running("b", "shop", Trigger.CI);
        given(runs.running(anyInt())).willReturn(List.of(a, b));
        gauge.refresh();
        assertThat(shown("shop", "ci")).isEqualTo(2);

        Run c = running("c", "shop", Trigger.CI);
        gauge.onCreated(new RunCreated(c));
        // b was ended without this instance's event (e.g. a failure between storing the end and announcing it)
        given(runs.findAllById(any())).willReturn(List.of(a, ended(b), c));
        gauge.refresh();

        assertThat(shown("shop", "ci")).as("a and c; b ended").isEqualTo(2);
        then(runs).should(times(1)).running(anyInt());
        then(runs).should().findAllById(List.of("a", "b", "c"));
    }

    @Test
    void shouldDropARunTheStoreNoLongerHas() {
        RunsInProgress gauge = new RunsInProgress(runs, registry, true);
        given(runs.running(anyInt())).willReturn(List.of(running("a", "shop", Trigger.UI)));
        gauge.refresh();
        given(runs.findAllById(any())).willReturn(List.of());

        gauge.refresh();

        assertThat(shown("shop", "ui")).as("a series with none running disappears").isNull();
    }

    @Test
    void shouldReadTheRunningRunsAtEachRefreshOnASharedStore() {
        RunsInProgress gauge = new RunsInProgress(runs, registry, false);
        given(runs.running(anyInt())).willReturn(List.of(running("a", "shop", Trigger.CI)),
                List.of(running("a", "shop", Trigger.CI), running("x", "shop", Trigger.CI)));

        gauge.refresh();
        gauge.refresh();

        assertThat(shown("shop", "ci")).as("x was created by another instance").isEqualTo(2);
        then(runs).should(times(2)).running(anyInt());
        then(runs).should(never()).findAllById(any());
    }

    @Test
    void shouldKeepWhatIsCreatedAndEndedWhileTheStoreIsRead() {
        RunsInProgress gauge = new RunsInProgress(runs, registry, false);
        Run early = running("early", "shop", Trigger.CI);
        gauge.onCreated(new RunCreated(early));
        Run late = running("late", "shop", Trigger.CI);
        given(runs.running(anyInt())).willAnswer(read -> {
            // the read saw "early" still running; meanwhile it ends and "late" is created
            List<Run> seen = new ArrayList<>(List.of(early));
            gauge.onEnded(new RunEnded(ended(early)));
            gauge.onCreated(new RunCreated(late));
            return seen;
        });

        gauge.refresh();

        assertThat(shown("shop", "ci")).as("late only").isEqualTo(1);
    }

    @Test
    void shouldStillCountAfterAFailedRead() {
        RunsInProgress gauge = new RunsInProgress(runs, registry, true);
        given(runs.running(anyInt())).willThrow(new IllegalStateException("store down"));
        gauge.refresh();

        gauge.onCreated(new RunCreated(running("a", "shop", Trigger.CI)));
        willReturn(List.of(running("a", "shop", Trigger.CI), running("b", "shop", Trigger.CI))).given(runs)
                .running(anyInt());
        gauge.refresh();

        assertThat(shown("shop", "ci")).as("the failed read is tried again in full").isEqualTo(2);
    }

    private Integer shown(String system, String trigger) {
        Gauge gauge = registry.find("perfgate.runs.in.progress").tags(tags(system, trigger)).gauge();
        return gauge == null ? null : (int) gauge.value();
    }

    static Tags tags(String system, String trigger) {
        return Tags.of("system", system, "workload", "peak", "environment", "test", "trigger", trigger);
    }

    static Run running(String id, String system, Trigger trigger) {
        Run run = OpsMetricsTest.run(RunStatus.RUNNING, trigger);
        return new Run(id, system, run.workload(), run.environment(), run.runId(), run.version(), null, null,
                null, null, trigger, List.of(), Map.of(), run.startedAt(), null, 0, RunStatus.RUNNING, null,
                run.createdAt(), null, null);
    }

    static Run ended(Run run) {
        return new Run(run.id(), run.system(), run.workload(), run.environment(), run.runId(), run.version(), null,
                null, null, null, run.trigger(), List.of(), Map.of(), run.startedAt(), run.startedAt().plusSeconds(60),
                0, RunStatus.COMPLETED, null, run.createdAt(), null, null);
    }
}
