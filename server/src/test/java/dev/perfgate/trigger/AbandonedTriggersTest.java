package dev.perfgate.trigger;

import static dev.perfgate.trigger.TriggersTest.ME;
import static dev.perfgate.trigger.TriggersTest.NOW;
import static dev.perfgate.trigger.TriggersTest.OTHER_HOST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import dev.perfgate.run.EndRunRequest;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Trigger;

/** What ending an abandoned trigger does to its run and says about it; the stopped load process is TriggerRestartIT's. */
class AbandonedTriggersTest {

    static final Instant LAST_HEARD = NOW.minusSeconds(600);

    final InMemoryTriggers store = new InMemoryTriggers();
    final RunService runService = mock(RunService.class);
    final RunRepository runs = mock(RunRepository.class);
    final AbandonedTriggers abandoned = new AbandonedTriggers(store, runService, runs, Clock.fixed(NOW, ZoneOffset.UTC));

    @Test
    void shouldAbortTheRunOfALocalLoadWhoseInstanceStoppedAnswering() {
        StoredTrigger silent = withLoad(TriggersTest.stored("t-ann", OTHER_HOST, LAST_HEARD, Progress.State.RUNNING,
                "load running"), "local", 4242L);
        given(runs.findById("r7")).willReturn(Optional.of(run(RunStatus.RUNNING)));

        endAndKeep(silent);

        assertThat(store.find("t-ann").orElseThrow().message()).isEqualTo("The PerfGate instance running it on "
                + "perfgate-2 has not been heard from since 2026-03-02T11:50:00Z; the load process (pid 4242) on "
                + "perfgate-2 was abandoned; run 7 was aborted");
        verify(runService).end("r7", new EndRunRequest(EndRunRequest.Outcome.ABORTED, "The PerfGate instance running it "
                + "on perfgate-2 has not been heard from since 2026-03-02T11:50:00Z; the load's results were not "
                + "collected", LAST_HEARD));
    }

    @Test
    void shouldLeaveTheRunOfAJenkinsBuildToTheBuild() {
        StoredTrigger queued = withLoad(TriggersTest.stored("t-ann", ME, LAST_HEARD, Progress.State.RUNNING,
                "Jenkins recorded run 7; waiting for it to end"), JenkinsRunner.NAME, null);

        endAndKeep(queued);

        assertThat(store.find("t-ann").orElseThrow().message()).isEqualTo("PerfGate restarted while this run was going; "
                + "the Jenkins build goes on by itself and records its run");
        verify(runService, never()).end(anyString(), any());
    }

    @Test
    void shouldSayWhenTheRunHadEndedAlready() {
        StoredTrigger judging = TriggersTest.stored("t-ann", ME, LAST_HEARD, Progress.State.JUDGING, "run ended: judging it");
        given(runs.findById("r7")).willReturn(Optional.of(run(RunStatus.COMPLETED)));

        endAndKeep(judging);

        assertThat(store.find("t-ann").orElseThrow().message()).isEqualTo("PerfGate restarted while this run was going; "
                + "run 7 had ended (completed): its page has the verdict");
        verify(runService, never()).end(anyString(), any());
    }

    /** Stores the trigger holding its series, ends it as found at a restart, and checks it is failed and unlocked. */
    private void endAndKeep(StoredTrigger trigger) {
        store.insert(trigger);
        store.lock(trigger.series(), trigger.id(), LAST_HEARD);

        abandoned.abandon(trigger, ME, true);

        StoredTrigger failed = store.find(trigger.id()).orElseThrow();
        assertThat(failed.state()).isEqualTo(Progress.State.FAILED);
        assertThat(failed.finished()).isTrue();
        assertThat(store.lockHolder(trigger.series())).as("the series is free").isEmpty();
    }

    private static StoredTrigger withLoad(StoredTrigger t, String runner, Long pid) {
        return new StoredTrigger(t.id(), runner, t.system(), t.workload(), t.environment(), t.version(), t.users(),
                t.durationSeconds(), t.rampUpSeconds(), t.requestedBy(), t.requestedAt(), t.state(), t.finished(),
                t.message(), t.elapsedSeconds(), t.requests(), t.errors(), t.runId(), t.runLabel(), t.verdict(),
                t.verdictSummary(), t.log(), t.owner(), t.savedAt(), pid, pid == null ? null : LAST_HEARD.minusSeconds(6));
    }

    private static Run run(RunStatus status) {
        Instant started = LAST_HEARD.minusSeconds(10);
        return new Run("r7", "shop", "peak", "test", "7", "1.2", null, null, null, null, Trigger.UI, List.of("ui"),
                Map.of(), started, status == RunStatus.RUNNING ? null : LAST_HEARD, 0, status, null, started, null, null);
    }
}
