package dev.perfgate.trigger;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.annotation.PreDestroy;
import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.Series;
import dev.perfgate.system.ApiException;

/**
 * Runs triggered from the UI: at most one per series at a time, each on a thread of its own, with a progress the
 * page can follow. The last finished ones are kept for their pages.
 */
@Service
public class Triggers {

    private static final Logger log = LoggerFactory.getLogger(Triggers.class);
    private static final int KEPT = 50;

    private final RunRunner runner;
    private final RunRepository runs;
    private final Clock clock;
    private final Duration staleAfter;
    private final Map<String, Progress> byId = new LinkedHashMap<>();
    private final Map<Series, Progress> active = new LinkedHashMap<>();
    private final AtomicInteger threads = new AtomicInteger();
    private final ExecutorService executor = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "perfgate-runner-" + threads.incrementAndGet());
        thread.setDaemon(true);
        return thread;
    });

    Triggers(RunRunner runner, RunRepository runs, Clock clock, RunnerProperties properties) {
        this.runner = runner;
        this.runs = runs;
        this.clock = clock;
        this.staleAfter = properties.staleAfter();
    }

    /** Starts a run; refused (409) while its series has one going. */
    public synchronized Progress start(TriggerRequest request, String requestedBy) {
        Series series = request.series();
        Progress going = active.get(series);
        if (going != null) {
            throw ApiException.conflict("A run of " + series + " is already in progress (triggered by "
                    + going.view().requestedBy() + "): PerfGate runs one load per series at a time");
        }
        Optional<Run> running = runs.ofSeries(series, 1).stream()
                .filter(run -> run.status() == RunStatus.RUNNING)
                .filter(run -> run.startedAt().isAfter(clock.instant().minus(staleAfter))).findFirst();
        if (running.isPresent()) {
            throw ApiException.conflict("Run " + running.get().runId() + " of " + series + " has been running since "
                    + running.get().startedAt() + " (" + running.get().trigger().name().toLowerCase()
                    + "): PerfGate runs one load per series at a time");
        }
        Progress progress = new Progress(new ObjectId().toHexString(), runner.name(), request, requestedBy, clock.instant());
        active.put(series, progress);
        byId.put(progress.id(), progress);
        forgetOld();
        executor.submit(() -> execute(progress));
        return progress;
    }

    public synchronized Optional<Progress> find(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    /** Triggered runs, newest first. */
    public synchronized List<Progress.View> recent() {
        List<Progress.View> views = new ArrayList<>(byId.values().stream().map(Progress::view).toList());
        views.sort(Comparator.comparing(Progress.View::requestedAt).reversed());
        return views;
    }

    public String runnerName() {
        return runner.name();
    }

    private void execute(Progress progress) {
        try {
            runner.run(progress.request(), progress);
        } catch (InterruptedException stopped) {
            progress.state(Progress.State.FAILED, "stopped: PerfGate is shutting down");
            Thread.currentThread().interrupt();
        } catch (Exception | LinkageError e) {
            log.warn("Triggered run of {} failed: {}", progress.series(), e.toString());
            progress.state(Progress.State.FAILED, e.getMessage() == null ? e.toString() : e.getMessage());
        } finally {
            synchronized (this) {
                active.remove(progress.series());
            }
        }
    }

    private void forgetOld() {
        if (byId.size() <= KEPT) {
            return;
        }
        byId.values().stream().filter(p -> p.state().finished())
                .min(Comparator.comparing(p -> p.view().requestedAt()))
                .ifPresent(oldest -> byId.remove(oldest.id()));
    }

    @PreDestroy
    void stop() {
        executor.shutdownNow();
    }
}
