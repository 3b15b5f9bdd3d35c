package dev.perfgate.check;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import jakarta.annotation.PreDestroy;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.system.DaemonThreads;

/**
 * Requests waiting for a pending verdict, as futures: completed the moment this instance stores the verdict, or by
 * a short poll of the store (one query for every waiting run) when another instance judged it, or at their timeout.
 */
@Component
class VerdictWaiters {

    private final RunRepository runs;
    private final Map<String, Set<CompletableFuture<Run>>> waiting = new ConcurrentHashMap<>();
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
            DaemonThreads.named("perfgate-verdict-waiters"));

    VerdictWaiters(RunRepository runs, @Value("${perfgate.judging.waiter-poll:1s}") Duration poll) {
        this.runs = runs;
        timer.setRemoveOnCancelPolicy(true); // a waiter answered early leaves no timeout behind
        timer.scheduleWithFixedDelay(this::poll, poll.toMillis(), poll.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        timer.shutdownNow();
    }

    static boolean pending(Run run) {
        return run.verdict() == null ? run.isEnded() : RunService.PENDING.equals(run.verdict().status());
    }

    /**
     * The run once it is no longer pending, or as stored when the timeout passes; {@code notFound} when there is no
     * such run. The waiter is registered before the run is read, so one read covers a verdict stored meanwhile.
     */
    CompletableFuture<Run> await(String runId, Duration timeout, Supplier<RuntimeException> notFound) {
        CompletableFuture<Run> future = new CompletableFuture<>();
        waiting.computeIfAbsent(runId, id -> ConcurrentHashMap.newKeySet()).add(future);
        future.whenComplete((r, e) -> waiting.computeIfPresent(runId, (id, set) -> {
            set.remove(future);
            return set.isEmpty() ? null : set;
        }));
        Run run;
        try {
            run = runs.findById(runId).orElseThrow(notFound);
        } catch (RuntimeException e) {
            future.cancel(false);
            throw e;
        }
        if (!pending(run) || timeout.isZero()) {
            future.complete(run);
            return future;
        }
        ScheduledFuture<?> timedOut = timer.schedule(() -> {
            if (!future.isDone()) {
                future.complete(runs.findById(runId).orElse(run));
            }
        }, timeout.toMillis(), TimeUnit.MILLISECONDS);
        future.whenComplete((r, e) -> timedOut.cancel(false));
        return future;
    }

    @EventListener
    void onVerdict(VerdictService.VerdictReady event) {
        complete(event.run());
    }

    private void complete(Run run) {
        Set<CompletableFuture<Run>> futures = waiting.get(run.id());
        if (futures != null) {
            List.copyOf(futures).forEach(f -> f.complete(run));
        }
    }

    private void poll() {
        try {
            if (!waiting.isEmpty()) {
                runs.findAllById(List.copyOf(waiting.keySet())).stream().filter(r -> !pending(r)).forEach(this::complete);
            }
        } catch (RuntimeException storeUnavailable) {
            // the next poll tries again; the waiters' timeouts still fire
        }
    }
}
