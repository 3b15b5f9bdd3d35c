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
import java.time.Duration;
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
    final AbandonedTriggers abandoned = new AbandonedTriggers(store, runService, runs, Clock.fixed(NOW, ZoneOffset.UTC),
            Duration.ofMinutes(30));

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
    void shouldKeepTheSeriesForTheRunOfAJenkinsBuildThatWasStillQueued() {
        StoredTrigger queued = withLoad(TriggersTest.stored("t-ann", ME, LAST_HEARD, Progress.State.QUEUED,
                "Jenkins queued the build; waiting for it to record its run"), JenkinsRunner.NAME, null);
        queued = withoutRun(queued);
        store.insert(queued);
        store.lock(queued.series(), queued.id(), LAST_HEARD);

        abandoned.abandon(queued, ME, true);

        StoredTrigger failed = store.find("t-ann").orElseThrow();
        Instant reservedUntil = queued.requestedAt().plus(Duration.ofMinutes(30));
        assertThat(failed.state()).isEqualTo(Progress.State.FAILED);
        assertThat(failed.message()).isEqualTo("PerfGate restarted while this run was going; the Jenkins build goes on "
                + "by itself and records its run; the series stays reserved for the run it will record, until "
                + reservedUntil + " at the latest");
        assertThat(failed.reservedUntil()).isEqualTo(reservedUntil);
        assertThat(store.lockHolder(queued.series())).as("the series stays taken").contains("t-ann");
        assertThat(abandoned.stillReserved(failed)).as("no run recorded yet").isTrue();

        Run earlier = runCreatedAt(queued.requestedAt().minusSeconds(1));
        given(runs.ofSeries(queued.series(), 1)).willReturn(List.of(earlier));
        assertThat(abandoned.stillReserved(failed)).as("only a run the build records after the trigger counts").isTrue();

        given(runs.ofSeries(queued.series(), 1)).willReturn(List.of(runCreatedAt(queued.requestedAt().plusSeconds(40))));
        assertThat(abandoned.stillReserved(failed)).as("the build recorded its run: that run blocks while running")
                .isFalse();
    }

    @Test
    void shouldNotReserveTheSeriesBeyondTheFollowTimeout() {
        StoredTrigger old = withoutRun(withLoad(TriggersTest.stored("t-ann", ME, NOW.minus(Duration.ofMinutes(31)),
                Progress.State.QUEUED, "Jenkins queued the build"), JenkinsRunner.NAME, null));

        endAndKeep(old);

        assertThat(store.find("t-ann").orElseThrow().reservedUntil()).isNull();
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
                t.verdictSummary(), t.log(), t.owner(), t.savedAt(), pid, pid == null ? null : LAST_HEARD.minusSeconds(6),
                null);
    }

    private static StoredTrigger withoutRun(StoredTrigger t) {
        return new StoredTrigger(t.id(), t.runner(), t.system(), t.workload(), t.environment(), t.version(), t.users(),
                t.durationSeconds(), t.rampUpSeconds(), t.requestedBy(), t.requestedAt(), t.state(), t.finished(),
                t.message(), 0, 0, 0, null, null, null, null, List.of(), t.owner(), t.savedAt(), null, null, null);
    }

    private static Run runCreatedAt(Instant created) {
        return new Run("r8", "shop", "peak", "test", "8", "1.2", null, null, null, null, Trigger.CI, List.of(),
                Map.of(), created, null, 0, RunStatus.RUNNING, null, created, null, null);
    }

    private static Run run(RunStatus status) {
        Instant started = LAST_HEARD.minusSeconds(10);
        return new Run("r7", "shop", "peak", "test", "7", "1.2", null, null, null, null, Trigger.UI, List.of("ui"),
                Map.of(), started, status == RunStatus.RUNNING ? null : LAST_HEARD, 0, status, null, started, null, null);
    }
}
