package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import dev.perfgate.MutableClock;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Series;
import dev.perfgate.run.Trigger;
import dev.perfgate.system.ApiException;

class TriggersTest {

    static final Instant NOW = Instant.parse("2026-03-02T12:00:00Z");
    static final TriggerRequest SHOP = new TriggerRequest("shop", "peak", "test", "1.2", 2, 10, 0);
    static final Series SHOP_SERIES = SHOP.series();
    static final Owner ME = new Owner("perfgate-1", "pid:[1]", 4242, Instant.parse("2026-03-02T08:00:00Z"));
    static final Owner OTHER_HOST = new Owner("perfgate-2", "pid:[1]", 4242, Instant.parse("2026-03-02T08:00:00Z"));
    static final RunnerProperties PROPERTIES = new RunnerProperties("local", Duration.ofHours(6), Duration.ofMinutes(2),
            Duration.ofMinutes(2), null, null);

    final CountDownLatch release = new CountDownLatch(1);
    final RunRepository runs = mock(RunRepository.class);
    final InMemoryTriggers store = new InMemoryTriggers();
    final AbandonedTriggers abandoned = mock(AbandonedTriggers.class);
    final MutableClock clock = new MutableClock(NOW);
    final Triggers triggers = new Triggers(new BlockingRunner(release), runs, store, abandoned, clock, PROPERTIES, ME);

    @AfterEach
    void releaseTheRunner() {
        release.countDown();
        triggers.stop();
    }

    @Test
    void shouldRefuseASecondRunOfTheSameSeriesWhileTheFirstIsGoing() {
        triggers.start(SHOP, "ann");

        assertThatThrownBy(() -> triggers.start(SHOP, "bob")).isInstanceOf(ApiException.class)
                .hasMessage("A run of shop/peak/test is already in progress (triggered by ann): "
                        + "PerfGate runs one load per series at a time");
        assertThat(store.triggers).as("the refused request leaves nothing behind").hasSize(1);
    }

    @Test
    void shouldStartRunsOfOtherSeriesAtTheSameTime() {
        triggers.start(SHOP, "ann");

        Progress other = triggers.start(new TriggerRequest("shop", "soak", "test", null, 2, 10, 0), "bob");

        assertThat(other.view().state()).isIn("STARTING", "RUNNING");
    }

    @Test
    void shouldAcceptTheSeriesAgainOnceTheRunFinished() throws Exception {
        Progress first = triggers.start(SHOP, "ann");
        release.countDown();

        Progress second = startWhenFree(SHOP);

        assertThat(first.state()).isEqualTo(Progress.State.DONE);
        assertThat(store.find(first.id())).get().extracting(StoredTrigger::state).isEqualTo(Progress.State.DONE);
        assertThat(second.id()).isNotEqualTo(first.id());
    }

    @Test
    void shouldRefuseWhileARunOfTheSeriesRecordedByCiIsStillRunning() {
        given(runs.ofSeries(SHOP_SERIES, 1)).willReturn(List.of(running(NOW.minusSeconds(60))));

        assertThatThrownBy(() -> triggers.start(SHOP, "ann")).isInstanceOf(ApiException.class)
                .hasMessage("Run 17 of shop/peak/test has been running since 2026-03-02T11:59:00Z (ci): "
                        + "PerfGate runs one load per series at a time");
        assertThat(store.locks).as("the series is free again").isEmpty();
        assertThat(store.triggers).isEmpty();
    }

    @Test
    void shouldNotLetARunningRunOlderThanTheStaleLimitBlockTheSeries() {
        given(runs.ofSeries(SHOP_SERIES, 1)).willReturn(List.of(running(NOW.minus(Duration.ofHours(7)))));

        assertThat(triggers.start(SHOP, "ann")).isNotNull();
    }

    @Test
    void shouldSaveTheConsoleCountersOnlyWhenTheSecondlySaveComes() {
        Progress progress = triggers.start(SHOP, "ann");
        awaitState(progress, "RUNNING");
        int before = store.updates.get();

        for (int second = 1; second <= 50; second++) {
            progress.load(second, second * 20L, 0);
            progress.log("> Global | " + second * 20 + " | " + second * 20 + " | 0");
        }

        assertThat(store.updates.get()).as("no write per console line").isEqualTo(before);
        triggers.saveProgress();
        assertThat(store.updates.get()).as("one write for all of them").isEqualTo(before + 1);
        assertThat(store.find(progress.id()).orElseThrow().requests()).isEqualTo(1000);
        triggers.saveProgress();
        assertThat(store.updates.get()).as("nothing new, nothing written").isEqualTo(before + 1);
    }

    @Test
    void shouldSaveASignOfLifeWhileNothingChanges() {
        Progress progress = triggers.start(SHOP, "ann");
        awaitState(progress, "RUNNING");
        int before = store.updates.get();

        clock.advance(Triggers.HEARTBEAT);
        triggers.saveProgress();

        assertThat(store.updates.get()).isEqualTo(before + 1);
        assertThat(store.find(progress.id()).orElseThrow().savedAt()).isEqualTo(NOW.plus(Triggers.HEARTBEAT));
    }

    @Test
    void shouldSaveAMilestoneAtOnce() {
        Progress progress = triggers.start(SHOP, "ann");

        progress.run("r7", "7");

        assertThat(store.find(progress.id()).orElseThrow().runId()).as("without waiting for the secondly save")
                .isEqualTo("r7");
    }

    @Test
    void shouldShowATriggerOfAnotherProcessAsLastSaved() {
        store.insert(stored("t-old", ME, NOW.minusSeconds(3600), Progress.State.FAILED, "PerfGate restarted"));

        assertThat(triggers.view("t-old")).get().satisfies(view -> {
            assertThat(view.state()).isEqualTo("FAILED");
            assertThat(view.finished()).isTrue();
            assertThat(view.requests()).isEqualTo(120);
            assertThat(view.message()).isEqualTo("PerfGate restarted");
        });
        assertThat(triggers.view("nope")).isEmpty();
        assertThat(triggers.recent()).extracting(Progress.View::id).containsExactly("t-old");
    }

    @Test
    void shouldRefuseWhileAnotherInstanceThatIsAliveHoldsTheSeries() {
        store.insert(stored("t-bob", OTHER_HOST, NOW.minusSeconds(5), Progress.State.RUNNING, "load running"));
        store.lock(SHOP_SERIES, "t-bob", NOW);

        assertThatThrownBy(() -> triggers.start(SHOP, "ann")).isInstanceOf(ApiException.class)
                .hasMessage("A run of shop/peak/test is already in progress (triggered by bob): "
                        + "PerfGate runs one load per series at a time");
        verify(abandoned, never()).abandon(any(), any(), anyBoolean());
    }

    @Test
    void shouldTakeOverTheSeriesFromAnInstanceThatStoppedAnswering() {
        StoredTrigger silent = stored("t-bob", OTHER_HOST, NOW.minus(PROPERTIES.abandonAfter()).minusSeconds(1),
                Progress.State.RUNNING, "load running");
        store.insert(silent);
        store.lock(SHOP_SERIES, "t-bob", NOW);

        Progress progress = triggers.start(SHOP, "ann");

        verify(abandoned).abandon(silent, ME, false);
        assertThat(store.lockHolder(SHOP_SERIES)).contains(progress.id());
    }

    @Test
    void shouldFreeASeriesLeftLockedByAFinishedTrigger() {
        store.insert(stored("t-done", OTHER_HOST, NOW.minusSeconds(5), Progress.State.DONE, "judged PASS"));
        store.lock(SHOP_SERIES, "t-done", NOW);

        Progress progress = triggers.start(SHOP, "ann");

        assertThat(store.lockHolder(SHOP_SERIES)).contains(progress.id());
        verify(abandoned, never()).abandon(any(), any(), anyBoolean());
    }

    @Test
    void shouldEndAtStartTheTriggersThePreviousProcessLeftAndSpareLiveOnesElsewhere() {
        StoredTrigger mine = stored("t-mine", ME, NOW.minusSeconds(3), Progress.State.RUNNING, "load running");
        StoredTrigger elsewhere = stored("t-bob", OTHER_HOST, NOW.minusSeconds(3), Progress.State.RUNNING, "load running");
        StoredTrigger silent = stored("t-eve", OTHER_HOST, NOW.minus(Duration.ofMinutes(10)), Progress.State.QUEUED, "queued");
        List.of(mine, elsewhere, silent).forEach(store::insert);

        triggers.recover();

        verify(abandoned).abandon(mine, ME, true);
        verify(abandoned).abandon(silent, ME, true);
        verify(abandoned, never()).abandon(elsewhere, ME, true);
    }

    @Test
    void shouldRefuseAnAbandonLimitThatASlowSaveWouldReach() {
        RunnerProperties tooShort = new RunnerProperties("local", Duration.ofHours(6), Duration.ofMinutes(2),
                Duration.ofSeconds(15), null, null);

        assertThatThrownBy(() -> new Triggers(new BlockingRunner(release), runs, store, abandoned, clock, tooShort, ME))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("perfgate.runner.abandon-after must be at least 30s").hasMessageContaining("PT15S");
    }

    private static Run running(Instant started) {
        return new Run("r17", "shop", "peak", "test", "17", null, null, null, null, null, Trigger.CI, List.of(), Map.of(),
                started, null, 0, RunStatus.RUNNING, null, started, null, null);
    }

    static StoredTrigger stored(String id, Owner owner, Instant savedAt, Progress.State state, String message) {
        return new StoredTrigger(id, "local", "shop", "peak", "test", "1.2", 2, 10, 0, id.substring(2),
                savedAt.minusSeconds(10), state, state.finished(), message, 6, 120, 1, "r7", "7", null, null,
                List.of("> Global | 120 | 119 | 1"), owner, savedAt, null, null, null);
    }

    /** The runner's thread frees the series just after the run finished. */
    private Progress startWhenFree(TriggerRequest request) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return triggers.start(request, "ann");
            } catch (ApiException busy) {
                if (attempt == 100) {
                    throw busy;
                }
                Thread.sleep(20);
            }
        }
    }

    /** The runner's thread reports its state, and saves it, soon after the start. */
    private void awaitState(Progress progress, String state) {
        for (int attempt = 0; attempt < 500 && !storedState(progress).equals(state); attempt++) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        assertThat(storedState(progress)).isEqualTo(state);
    }

    private String storedState(Progress progress) {
        return store.find(progress.id()).orElseThrow().state().name();
    }

    /** A runner that holds the series until released. */
    record BlockingRunner(CountDownLatch release) implements RunRunner {
        @Override
        public String name() {
            return "test";
        }

        @Override
        public void run(TriggerRequest request, Progress progress) throws Exception {
            progress.state(Progress.State.RUNNING, "holding");
            release.await(10, TimeUnit.SECONDS);
            progress.state(Progress.State.DONE, "released");
        }
    }
}
