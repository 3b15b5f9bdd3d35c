package dev.perfgate.trigger;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import jakarta.annotation.PreDestroy;
import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Service;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Series;
import dev.perfgate.system.ApiException;
import dev.perfgate.system.DaemonThreads;

/**
 * Runs triggered from the UI: at most one per series at a time (a lock in the store, so it holds across instances
 * and restarts), each on a thread of its own, with a progress the page can follow. The progress lives in memory while
 * the trigger runs here and is saved to the store: milestones at once, the console's counters at most once a second,
 * and at least every {@link #HEARTBEAT} as a sign of life. Triggers whose PerfGate process is gone are ended by
 * {@link AbandonedTriggers}: at start (a restart) and every {@link #HEARTBEAT} after.
 */
@Service
public class Triggers {

    /** While a trigger runs, its snapshot is saved at least this often: another instance sees it is alive. */
    static final Duration HEARTBEAT = Duration.ofSeconds(10);
    private static final Logger log = LoggerFactory.getLogger(Triggers.class);
    private static final int KEPT = 50;
    private static final int RECENT = 20;
    private static final int SWEPT = 100;

    /** A trigger of this process: its progress and what of it the store has. */
    private static final class Live {
        final Progress progress;
        long savedVersion = -1;
        Instant savedAt;
        boolean lost;

        Live(Progress progress) {
            this.progress = progress;
        }

        boolean saved() {
            return savedVersion == progress.snapshot().version();
        }
    }

    private final RunRunner runner;
    private final RunRepository runs;
    private final TriggerRepository store;
    private final AbandonedTriggers abandoned;
    private final Clock clock;
    private final Duration staleAfter;
    private final Duration abandonAfter;
    private final Owner me;
    private final Map<String, Live> byId = new LinkedHashMap<>();
    private final ExecutorService executor = Executors.newCachedThreadPool(DaemonThreads.numbered("perfgate-runner-"));

    Triggers(RunRunner runner, RunRepository runs, TriggerRepository store, AbandonedTriggers abandoned, Clock clock,
            RunnerProperties properties, Owner triggerOwner) {
        if (properties.abandonAfter().compareTo(HEARTBEAT.multipliedBy(3)) < 0) {
            throw new IllegalStateException("perfgate.runner.abandon-after must be at least 30s (three times the "
                    + HEARTBEAT.toSeconds() + " s between saves of a running trigger); it is " + properties.abandonAfter());
        }
        this.runner = runner;
        this.runs = runs;
        this.store = store;
        this.abandoned = abandoned;
        this.clock = clock;
        this.staleAfter = properties.staleAfter();
        this.abandonAfter = properties.abandonAfter();
        this.me = triggerOwner;
    }

    /** Starts a run; refused (409) while its series has one going. */
    public synchronized Progress start(TriggerRequest request, String requestedBy) {
        Series series = request.series();
        Instant now = Owner.millis(clock.instant());
        Progress progress = new Progress(new ObjectId().toHexString(), runner.name(), request, requestedBy, now);
        Live live = new Live(progress);
        Progress.Snapshot first = progress.snapshot();
        store.insert(StoredTrigger.of(request, first, me, now));
        live.savedVersion = first.version();
        live.savedAt = now;
        try {
            takeSeries(series, progress.id(), now);
        } catch (RuntimeException refused) {
            store.delete(progress.id());
            throw refused;
        }
        try {
            refuseWhileARunIsRunning(series, now);
        } catch (RuntimeException refused) {
            store.unlock(series, progress.id());
            store.delete(progress.id());
            throw refused;
        }
        progress.onMilestone(() -> save(live));
        byId.put(progress.id(), live);
        forgetOld();
        executor.submit(() -> execute(live));
        return progress;
    }

    /** A triggered run as its page shows it: from memory while it runs here, else as last saved in the store. */
    public Optional<Progress.View> view(String id) {
        synchronized (this) {
            Live live = byId.get(id);
            if (live != null) {
                return Optional.of(live.progress.view());
            }
        }
        return store.find(id).map(StoredTrigger::view);
    }

    /** The latest triggered runs, newest first. */
    public List<Progress.View> recent() {
        Map<String, Progress.View> views = new LinkedHashMap<>();
        store.recent(RECENT).forEach(stored -> views.put(stored.id(), stored.view()));
        synchronized (this) {
            byId.values().forEach(live -> views.put(live.progress.id(), live.progress.view()));
        }
        return views.values().stream().sorted(Comparator.comparing(Progress.View::requestedAt).reversed())
                .limit(RECENT).toList();
    }

    public String runnerName() {
        return runner.name();
    }

    /** Saves what changed in the running triggers' progress (the console's counters): at most once a second. */
    @Scheduled(fixedDelay = 1000)
    void saveProgress() {
        List<Live> lives;
        synchronized (this) {
            lives = new ArrayList<>(byId.values());
        }
        lives.forEach(this::save);
    }

    /** At start: every trigger the previous process left unfinished is ended, as is any other whose owner is gone. */
    @EventListener(ApplicationReadyEvent.class)
    void recover() {
        store.ensureIndexes();
        sweep(true);
    }

    /** Ends the triggers whose PerfGate process is gone (another instance that died, or stopped answering). */
    @Scheduled(initialDelay = 10_000, fixedDelay = 10_000)
    void sweep() {
        sweep(false);
    }

    private void sweep(boolean restart) {
        List<StoredTrigger> unfinished;
        try {
            unfinished = store.unfinished(SWEPT);
        } catch (RuntimeException e) {
            log.warn("Cannot look for abandoned triggers in the store: {}", e.toString());
            return;
        }
        for (StoredTrigger trigger : unfinished) {
            try {
                if (!alive(trigger)) {
                    abandoned.abandon(trigger, me, restart);
                }
            } catch (RuntimeException e) {
                log.warn("Cannot end abandoned trigger {} of {} (tried again in {} s): {}", trigger.id(),
                        trigger.series(), HEARTBEAT.toSeconds(), e.toString());
            }
        }
    }

    /** Whether the PerfGate process running the trigger is still there. */
    private boolean alive(StoredTrigger trigger) {
        Owner owner = trigger.owner();
        if (me.equals(owner)) {
            synchronized (this) {
                return byId.containsKey(trigger.id());
            }
        }
        if (me.sameMachine(owner) && owner.startedAt() != null) {
            return Owner.process(owner.pid(), owner.startedAt()).isPresent();
        }
        return trigger.savedAt() != null && trigger.savedAt().isAfter(clock.instant().minus(abandonAfter));
    }

    /** Takes the series' lock, freeing it first if its holder finished or was abandoned; refused if it is going. */
    private void takeSeries(Series series, String triggerId, Instant now) {
        for (int attempt = 0; attempt < 3; attempt++) {
            if (store.lock(series, triggerId, now)) {
                return;
            }
            Optional<String> holder = store.lockHolder(series);
            if (holder.isEmpty()) {
                continue;
            }
            Live live = byId.get(holder.get());
            if (live != null && !live.progress.state().finished()) {
                throw busy(series, live.progress.view().requestedBy());
            }
            Optional<StoredTrigger> held = live != null ? Optional.empty() : store.find(holder.get());
            if (held.isPresent() && !held.get().finished()) {
                if (alive(held.get())) {
                    throw busy(series, held.get().requestedBy());
                }
                abandoned.abandon(held.get(), me, false);
                held = store.find(holder.get());
            }
            if (held.isPresent() && abandoned.stillReserved(held.get())) {
                throw ApiException.conflict("The Jenkins build of " + series + " triggered by "
                        + held.get().requestedBy() + " at " + held.get().requestedAt() + " has not recorded its run yet "
                        + "(PerfGate lost track of it while it was queued); the series is reserved for that run until "
                        + held.get().reservedUntil() + ": PerfGate runs one load per series at a time");
            }
            // frees only the holder's own generation: if another instance freed it and took the series meanwhile,
            // its lock stays, and the next attempt finds it
            store.unlock(series, holder.get());
        }
        throw ApiException.conflict("Another run of " + series + " was triggered at the same moment: "
                + "PerfGate runs one load per series at a time");
    }

    private static ApiException busy(Series series, String requestedBy) {
        return ApiException.conflict("A run of " + series + " is already in progress (triggered by " + requestedBy
                + "): PerfGate runs one load per series at a time");
    }

    /** A run of the series recorded by CI (or anyone) that is still running blocks it, up to the stale limit. */
    private void refuseWhileARunIsRunning(Series series, Instant now) {
        Optional<Run> running = runs.ofSeries(series, 1).stream()
                .filter(run -> run.status() == RunStatus.RUNNING)
                .filter(run -> run.startedAt().isAfter(now.minus(staleAfter))).findFirst();
        if (running.isPresent()) {
            throw ApiException.conflict("Run " + running.get().runId() + " of " + series + " has been running since "
                    + running.get().startedAt() + " (" + running.get().trigger().name().toLowerCase()
                    + "): PerfGate runs one load per series at a time");
        }
    }

    private void execute(Live live) {
        Progress progress = live.progress;
        boolean stopped = false;
        try {
            runner.run(progress.request(), progress);
        } catch (InterruptedException e) {
            stopped = true;
            progress.state(Progress.State.FAILED, "stopped: PerfGate is shutting down");
        } catch (Exception | LinkageError e) {
            log.warn("Triggered run of {} failed: {}", progress.series(), e.toString());
            progress.state(Progress.State.FAILED, e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            // the store's driver refuses to work on an interrupted thread: the interrupt is restored after the writes
            stopped |= Thread.interrupted();
            save(live);
            try {
                store.unlock(progress.series(), progress.id());
            } catch (RuntimeException e) {
                log.warn("Cannot free series {} of triggered run {} in the store (the next trigger frees it): {}",
                        progress.series(), progress.id(), e.toString());
            }
            if (stopped) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Writes the progress if it changed since the last save, or as a sign of life when the last save is older than
     * {@link #HEARTBEAT}. One save of a trigger at a time, so the store never goes back to an older snapshot.
     */
    private void save(Live live) {
        synchronized (live) {
            Progress.Snapshot snapshot = live.progress.snapshot();
            Instant now = clock.instant();
            boolean changed = snapshot.version() != live.savedVersion;
            boolean heartbeatDue = !snapshot.view().finished() && !live.savedAt.isAfter(now.minus(HEARTBEAT));
            if (!changed && !heartbeatDue) {
                return;
            }
            try {
                boolean stored = store.update(StoredTrigger.of(live.progress.request(), snapshot, me, now));
                if (!stored && !live.lost) {
                    live.lost = true;
                    log.warn("Triggered run {} of {} is marked finished in the store by another hand (taken as "
                            + "abandoned?): its progress is no longer saved", live.progress.id(), live.progress.series());
                }
                live.savedVersion = snapshot.version();
                live.savedAt = now;
            } catch (RuntimeException e) {
                log.warn("Cannot save the progress of triggered run {} (retried within a second): {}",
                        live.progress.id(), e.toString());
            }
        }
    }

    /** Keeps the newest finished triggers in memory too; older ones are read from the store (once saved). */
    private void forgetOld() {
        if (byId.size() <= KEPT) {
            return;
        }
        byId.values().stream().filter(live -> live.progress.state().finished() && live.saved())
                .min(Comparator.comparing(live -> live.progress.view().requestedAt()))
                .ifPresent(oldest -> byId.remove(oldest.progress.id()));
    }

    /** Stops the runners (a local load is stopped, its run aborted) and waits a little for their last saves. */
    @PreDestroy
    void stop() {
        executor.shutdownNow();
        try {
            if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
                log.warn("Triggered runs did not stop within 30 s; the next start marks them failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        saveProgress();
    }
}
