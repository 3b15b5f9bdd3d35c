package dev.perfgate.system;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.PreDestroy;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Paces the API calls that take new work in: a new run, a run's results. A burst of CI clients (200 pipelines
 * starting or ending at once) otherwise has every request thread working on the store at the same time, and the
 * runs already ended wait behind them for their verdicts (end → verdict p99 5–8 s at 200 clients on 2 cores).
 * Here at most {@code perfgate.intake.concurrency} such calls run at once (by default half the cores, so that ending
 * runs, judging and verdicts keep the other half); the others wait in line without holding a request thread (the
 * servlet answers asynchronously), results before new runs: what is under way is finished before more is taken in.
 * A new run also waits while {@code perfgate.intake.backlog} ended runs (of any instance on the store) wait for
 * judging: judging costs more than taking a run in, and without this the ended runs queue for the judging workers
 * instead; meanwhile its thread serves the results in line. Ending a run, judging and verdicts never wait here. Past
 * {@code perfgate.intake.queue} waiting calls the API answers 503 with Retry-After.
 */
@Component
public class Intake {

    /** What a paced call does, in the order the line serves them. */
    public enum Kind {
        /** Results of a run under way: it is judged once they are in and the run ends. */
        RESULTS,
        /** A new run. */
        NEW_RUN
    }

    /** Seconds a client refused for a full line is asked to wait. */
    static final int RETRY_AFTER_SECONDS = 2;

    /** How many ended runs wait for judging now, in the store (every instance's). */
    public interface Backlog {
        long waiting();
    }

    /** Longest a new run waits for the backlog to shrink (judging stalled, e.g. the store is gone). */
    private static final Duration BACKLOG_WAIT = Duration.ofSeconds(30);
    /** How often a new run looks at the backlog again while it waits, unless a verdict stored here wakes it. */
    private static final long BACKLOG_POLL_MS = 50;

    private final AtomicLong arrivals = new AtomicLong();
    private final Object verdictStored = new Object();
    private final ObjectProvider<Backlog> judging;
    private final int capacity;
    private final int backlog;
    private final ThreadPoolExecutor executor;

    Intake(@Value("${perfgate.intake.concurrency:0}") int concurrency, @Value("${perfgate.intake.queue:2000}") int capacity,
            @Value("${perfgate.intake.backlog:2}") int backlog, ObjectProvider<Backlog> judging, ObjectProvider<MeterRegistry> registry) {
        int threads = concurrency > 0 ? concurrency : Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
        this.judging = judging;
        this.capacity = capacity;
        this.backlog = backlog;
        this.executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new PriorityBlockingQueue<>(), DaemonThreads.named("perfgate-intake"));
        registry.ifAvailable(meters -> Gauge.builder("perfgate.intake.waiting", executor, e -> e.getQueue().size())
                .description("API calls (new runs, results) waiting for their turn").register(meters));
    }

    /** Runs the work in its turn; the future completes with its value or its exception, as thrown. */
    public <T> CompletableFuture<T> submit(Kind kind, Supplier<T> work) {
        if (executor.getQueue().size() >= capacity) {
            throw ApiException.unavailable("PerfGate is taking in " + capacity + " calls already; retry after "
                    + RETRY_AFTER_SECONDS + " s", RETRY_AFTER_SECONDS);
        }
        CompletableFuture<T> result = new CompletableFuture<>();
        executor.execute(new Turn(kind, arrivals.incrementAndGet(), () -> {
            try {
                if (kind == Kind.NEW_RUN) {
                    awaitBacklog();
                }
                result.complete(work.get());
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        }));
        return result;
    }

    /** A verdict was stored here: new runs waiting for the backlog look again. */
    public void verdictStored() {
        synchronized (verdictStored) {
            verdictStored.notifyAll();
        }
    }

    private void awaitBacklog() {
        Backlog waiting = judging.getIfAvailable();
        if (waiting == null || backlog <= 0) {
            return;
        }
        long deadline = System.nanoTime() + BACKLOG_WAIT.toNanos();
        while (waiting.waiting() >= backlog && System.nanoTime() < deadline) {
            if (resultsInLineTaken()) {
                continue;
            }
            synchronized (verdictStored) {
                try {
                    verdictStored.wait(BACKLOG_POLL_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /**
     * Runs the first results in line on this thread, which waits for the backlog with a new run: results never wait
     * for judging, not even when every intake thread holds a new run (one on a 2-core machine). False when none.
     */
    private boolean resultsInLineTaken() {
        if (executor.getQueue().peek() instanceof Turn next && next.kind() == Kind.RESULTS
                && executor.getQueue().remove(next)) {
            next.run();
            return true;
        }
        return false;
    }

    @PreDestroy
    void stop() {
        executor.shutdown();
    }

    /** One call in line: by kind, then by arrival. */
    private record Turn(Kind kind, long arrival, Runnable work) implements Runnable, Comparable<Turn> {

        @Override
        public void run() {
            work.run();
        }

        @Override
        public int compareTo(Turn other) {
            int byKind = kind.compareTo(other.kind);
            return byKind != 0 ? byKind : Long.compare(arrival, other.arrival);
        }
    }
}
