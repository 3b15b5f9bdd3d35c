package dev.perfgate.trigger;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import dev.perfgate.run.RunRepository;
import dev.perfgate.run.Series;
import dev.perfgate.system.ApiException;

/**
 * What triggered runs need from the store, on every store PerfGate supports: snapshots that round-trip exactly and
 * are never revived once finished, one lock per series however many instances race for it, and a series taken over
 * by exactly one instance when the trigger holding it was abandoned.
 */
abstract class TriggerStoreContract {

    static final RunnerProperties PROPERTIES = new RunnerProperties("local", Duration.ofHours(6), Duration.ofMinutes(2),
            Duration.ofMinutes(2), null, null);

    @Autowired
    TriggerRepository store;
    @Autowired
    RunRepository runs;
    @Autowired
    AbandonedTriggers abandoned;
    @Autowired
    Clock clock;

    final CountDownLatch release = new CountDownLatch(1);
    final List<Triggers> instances = new ArrayList<>();
    TriggerRequest request;
    Series series;

    @BeforeEach
    void newSeries() {
        request = new TriggerRequest("trig-" + System.nanoTime(), "peak", "test", "1.2", 2, 10, 0);
        series = request.series();
    }

    @AfterEach
    void stopTheInstances() {
        release.countDown();
        instances.forEach(Triggers::stop);
    }

    @Test
    void shouldRoundTripASnapshotAsThePageShowsIt() {
        Progress progress = new Progress("6650f0c2a1b2c3d4e5f60718", "local", request, "ann", millisNow());
        progress.state(Progress.State.RUNNING, "load running (dev.perfgate.load.SmokeSimulation)");
        progress.run("6650f0c2a1b2c3d4e5f60719", "7");
        progress.load(6, 1_227, 3);
        progress.loadProcess(31_337, Instant.parse("2026-03-02T11:59:58.250Z"));
        progress.log("> Global | 1,227 | 1,224 | 3");
        Owner owner = new Owner("perfgate-1", "pid:[4026531836]", 4242, Instant.parse("2026-03-02T08:00:00.125Z"));

        store.insert(StoredTrigger.of(request, progress.snapshot(), owner, millisNow()));

        StoredTrigger found = store.find(progress.id()).orElseThrow();
        assertThat(found.view()).isEqualTo(progress.view());
        assertThat(found.owner()).isEqualTo(owner);
        assertThat(found.loadPid()).isEqualTo(31_337L);
        assertThat(found.loadStartedAt()).isEqualTo(Instant.parse("2026-03-02T11:59:58.250Z"));
        assertThat(found.finished()).isFalse();
    }

    @Test
    void shouldUpdateAnUnfinishedTriggerButNeverReviveAFinishedOne() {
        Progress progress = new Progress(newId(), "local", request, "ann", millisNow());
        store.insert(StoredTrigger.of(request, progress.snapshot(), owner("a"), millisNow()));
        progress.load(4, 80, 1);

        assertThat(store.update(StoredTrigger.of(request, progress.snapshot(), owner("a"), millisNow()))).isTrue();
        assertThat(store.find(progress.id()).orElseThrow().requests()).isEqualTo(80);

        assertThat(store.fail(progress.id(), "PerfGate restarted while this run was going", millisNow())).isTrue();
        progress.load(5, 100, 1);
        assertThat(store.update(StoredTrigger.of(request, progress.snapshot(), owner("a"), millisNow())))
                .as("a late write of the old process").isFalse();
        assertThat(store.fail(progress.id(), "again", millisNow())).isFalse();

        StoredTrigger stored = store.find(progress.id()).orElseThrow();
        assertThat(stored.state()).isEqualTo(Progress.State.FAILED);
        assertThat(stored.finished()).isTrue();
        assertThat(stored.message()).isEqualTo("PerfGate restarted while this run was going");
        assertThat(stored.requests()).isEqualTo(80);
    }

    @Test
    void shouldLetExactlyOneOfConcurrentLocksTakeTheSeries() throws Exception {
        List<Boolean> taken = concurrently(16, index -> store.lock(series, "t" + index, millisNow()));

        assertThat(taken).containsOnlyOnce(true);
        String holder = "t" + taken.indexOf(true);
        assertThat(store.lockHolder(series)).contains(holder);
    }

    @Test
    void shouldFreeTheSeriesOnlyForTheTriggerHoldingIt() {
        store.lock(series, "t1", millisNow());

        store.unlock(series, "t2");
        assertThat(store.lockHolder(series)).as("another trigger cannot free it").contains("t1");

        store.unlock(series, "t1");
        assertThat(store.lockHolder(series)).isEmpty();
        assertThat(store.lock(series, "t2", millisNow())).isTrue();
    }

    @Test
    void shouldKeepTheLockOfTheNextHolderWhenALateFreeOfThePreviousOneComes() {
        store.lock(series, "t1", millisNow());
        store.unlock(series, "t1");
        assertThat(store.lock(series, "t2", millisNow())).isTrue();

        store.unlock(series, "t1");

        assertThat(store.lockHolder(series)).as("a second free of t1 (another instance that also found it finished) "
                + "leaves t2's lock").contains("t2");
        assertThat(store.lock(series, "t3", millisNow())).isFalse();
    }

    @Test
    void shouldListTheNewestFirstAndTheUnfinished() {
        Instant start = millisNow().plus(Duration.ofDays(3650));
        for (int i = 0; i < 3; i++) {
            Progress progress = new Progress(newId(), "local", request, "user" + i, start.plusSeconds(i));
            store.insert(StoredTrigger.of(request, progress.snapshot(), owner("a"), millisNow()));
            if (i == 1) {
                store.fail(progress.id(), "failed", millisNow());
            }
        }

        assertThat(store.recent(2)).extracting(StoredTrigger::requestedBy).containsExactly("user2", "user1");
        assertThat(store.unfinished(1000)).filteredOn(t -> t.system().equals(series.system()))
                .extracting(StoredTrigger::requestedBy).containsExactlyInAnyOrder("user0", "user2");
    }

    @Test
    void shouldStartOneRunPerSeriesAcrossInstancesSharingTheStore() throws Exception {
        Triggers a = instance(owner("a"));
        Triggers b = instance(owner("b"));

        List<Object> outcomes = concurrently(8, index -> start(index % 2 == 0 ? a : b, "user" + index));

        assertThat(outcomes).filteredOn(Progress.class::isInstance).hasSize(1);
        assertThat(outcomes).filteredOn(String.class::isInstance).hasSize(7)
                .allSatisfy(refusal -> assertThat((String) refusal).endsWith("PerfGate runs one load per series at a time"));
        Progress started = (Progress) outcomes.stream().filter(Progress.class::isInstance).findFirst().orElseThrow();
        assertThat(store.lockHolder(series)).contains(started.id());
    }

    @Test
    void shouldLetExactlyOneInstanceTakeOverTheSeriesOfAnAbandonedTrigger() throws Exception {
        Progress gone = new Progress(newId(), "local", request, "eve", millisNow().minus(Duration.ofHours(1)));
        gone.state(Progress.State.RUNNING, "load running");
        Instant lastHeard = millisNow().minus(Duration.ofMinutes(30));
        store.insert(StoredTrigger.of(request, gone.snapshot(), owner("gone"), lastHeard));
        store.lock(series, gone.id(), lastHeard);
        List<Triggers> four = List.of(instance(owner("1")), instance(owner("2")), instance(owner("3")), instance(owner("4")));

        List<Object> outcomes = concurrently(8, index -> start(four.get(index % 4), "user" + index));

        assertThat(outcomes).filteredOn(Progress.class::isInstance).hasSize(1);
        StoredTrigger abandonedOne = store.find(gone.id()).orElseThrow();
        assertThat(abandonedOne.state()).isEqualTo(Progress.State.FAILED);
        assertThat(abandonedOne.message()).isEqualTo("The PerfGate instance running it on host-gone has not been heard "
                + "from since " + lastHeard);
    }

    private Object start(Triggers triggers, String who) {
        try {
            return triggers.start(request, who);
        } catch (ApiException refused) {
            return refused.getMessage();
        }
    }

    private Triggers instance(Owner owner) {
        Triggers triggers = new Triggers(new TriggersTest.BlockingRunner(release), runs, store, abandoned, clock,
                PROPERTIES, owner);
        instances.add(triggers);
        return triggers;
    }

    private static Owner owner(String name) {
        return new Owner("host-" + name, "pid:[1]", 1000, Instant.parse("2026-03-02T08:00:00Z"));
    }

    private Instant millisNow() {
        return clock.instant().truncatedTo(ChronoUnit.MILLIS);
    }

    private static String newId() {
        return new org.bson.types.ObjectId().toHexString();
    }

    /** Calls {@code call} with 0 .. calls-1 on 8 threads at once. */
    private static <T> List<T> concurrently(int calls, IndexedCall<T> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            CountDownLatch ready = new CountDownLatch(1);
            List<Callable<T>> tasks = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                int index = i;
                tasks.add(() -> {
                    ready.await();
                    return call.call(index);
                });
            }
            List<Future<T>> futures = new ArrayList<>();
            tasks.forEach(task -> futures.add(pool.submit(task)));
            ready.countDown();
            List<T> out = new ArrayList<>();
            for (Future<T> f : futures) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    interface IndexedCall<T> {
        T call(int index) throws Exception;
    }
}
