package dev.perfgate.check;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import jakarta.annotation.PreDestroy;
import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

import dev.perfgate.run.Run;
import dev.perfgate.run.RunRepository;
import dev.perfgate.system.DaemonThreads;
import dev.perfgate.system.Intake;

/**
 * The judging workers of this instance: each takes a job from {@link JudgingQueue}, judges it within the time
 * budget, and takes the next; woken when this instance queues a job, polling for other instances' jobs and for
 * leases that ran out. At start, ended runs without a verdict are queued again (e.g. after a crash).
 */
@Component
class JudgingWorkers {

    private static final Logger log = LoggerFactory.getLogger(JudgingWorkers.class);
    private static final int RECOVER_AT_MOST = 100_000;
    /** How many runs are judged at once ({@code perfgate.judging.workers}); the workers' connections follow it. */
    static final String WORKERS = "${perfgate.judging.workers:4}";

    private final JudgingQueue queue;
    private final VerdictService verdicts;
    private final RunRepository runs;
    private final ApplicationEventPublisher events;
    private final Intake intake;
    private final Clock clock;
    private final int count;
    private final Duration lease;
    private final Duration budget;
    private final Duration poll;
    private final int attempts;
    private final String owner = "judge-" + UUID.randomUUID();
    private final Semaphore wake = new Semaphore(0);
    private final ExecutorService workers;
    private final ExecutorService evaluations = Executors.newCachedThreadPool(DaemonThreads.named("perfgate-evaluation"));
    private volatile boolean running = true;

    JudgingWorkers(JudgingQueue queue, VerdictService verdicts, RunRepository runs, ApplicationEventPublisher events,
            Intake intake, Clock clock, @Value(WORKERS) int count,
            @Value("${perfgate.judging.lease:60s}") Duration lease,
            @Value("${perfgate.judging.budget:30s}") Duration budget,
            @Value("${perfgate.judging.poll:500ms}") Duration poll,
            @Value("${perfgate.judging.attempts:3}") int attempts) {
        this.queue = queue;
        this.verdicts = verdicts;
        this.runs = runs;
        this.events = events;
        this.intake = intake;
        this.clock = clock;
        this.count = count;
        this.lease = lease;
        this.budget = budget;
        this.poll = poll;
        this.attempts = attempts;
        this.workers = Executors.newFixedThreadPool(Math.max(1, count), DaemonThreads.named("perfgate-judging"));
    }

    @EventListener(ApplicationReadyEvent.class)
    void start() {
        queue.ensureIndexes();
        int recovered = 0;
        for (Run run : runs.unjudged(RECOVER_AT_MOST)) {
            recover(run);
            recovered++;
        }
        if (recovered > 0) {
            log.info("Queued {} ended runs without a verdict for judging", recovered);
        }
        for (int i = 0; i < count; i++) {
            workers.submit(this::work);
        }
    }

    @EventListener
    void onQueued(VerdictService.JudgingQueued event) {
        wake.release();
    }

    @EventListener
    void onVerdict(VerdictService.VerdictReady event) {
        intake.verdictStored();
    }

    @PreDestroy
    void stop() throws InterruptedException {
        running = false;
        workers.shutdownNow();
        evaluations.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
        try {
            queue.releaseAll(owner, clock.instant());
        } catch (RuntimeException storeGone) {
            log.warn("Could not hand back the judging jobs of {}; their leases run out in {}", owner, lease);
        }
    }

    private void recover(Run run) {
        if (run.verdict() != null && run.verdict().verdictId() != null) {
            queue.request(run, new ObjectId().toHexString(), "recovered at start", clock.instant());
        } else {
            verdicts.queueEnded(run, "recovered at start");
        }
    }

    private void work() {
        while (running && !Thread.currentThread().isInterrupted()) {
            try {
                Optional<JudgingJob> job = queue.claim(owner, clock.instant(), lease);
                if (job.isPresent()) {
                    judge(job.get());
                } else {
                    wake.tryAcquire(poll.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException stopping) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                log.warn("Judging worker: {} (the job's lease runs out and it is taken again)", e.toString());
                sleep();
            }
        }
    }

    private void judge(JudgingJob job) throws InterruptedException {
        Future<?> evaluation = evaluations.submit(() -> verdicts.judgeQueued(job));
        try {
            evaluation.get(budget.toMillis(), TimeUnit.MILLISECONDS);
            queue.done(job);
        } catch (TimeoutException e) {
            evaluation.cancel(true);
            verdicts.storeInconclusive(job, "the evaluation took longer than its budget of " + budget.toSeconds()
                    + " s (perfgate.judging.budget) and was stopped");
            queue.done(job);
        } catch (ExecutionException e) {
            RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            log.error("Evaluation of run {} failed (attempt {} of {})", job.id(), job.failures() + 1, attempts, cause);
            events.publishEvent(new VerdictService.EvaluationFailed(job.id(), job.reason(), cause));
            if (job.failures() + 1 >= attempts) {
                verdicts.storeInconclusive(job, "evaluation failed: " + cause.getMessage());
                queue.done(job);
            } else {
                queue.retry(job, clock.instant().plusSeconds(1L << job.failures()), String.valueOf(cause.getMessage()));
            }
        }
    }

    private void sleep() {
        try {
            Thread.sleep(poll.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
