package dev.perfgate.check;

import java.time.Clock;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.bson.types.ObjectId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import dev.perfgate.results.ResultsAttached;
import dev.perfgate.run.JudgedRuns;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunEndRepeated;
import dev.perfgate.run.RunEnded;
import dev.perfgate.run.RunRepository;
import dev.perfgate.run.RunService;
import dev.perfgate.run.RunStatus;
import dev.perfgate.run.RunVerdict;
import dev.perfgate.system.ApiException;

/**
 * Judges runs: queues an ended run (and one whose results arrive after its end) for the judging workers, judges
 * on demand, stores each verdict and announces it. The judging itself is {@link Judge}'s, the queue
 * {@link JudgingQueue}'s, the waiting {@link VerdictWaiters}'.
 */
@Service
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class VerdictService {

    /** Published after a verdict is stored, for alerts, metrics and waiting requests. */
    public record VerdictReady(Run run, Verdict verdict, Verdict previous) {
    }

    /** Published when a background evaluation threw, before it is retried or judged INCONCLUSIVE, for metrics. */
    public record EvaluationFailed(String runId, String reason, RuntimeException cause) {
    }

    /** Published when a judgement was queued in this instance, to wake the workers. */
    record JudgingQueued(String runId) {
    }

    private static final Logger log = LoggerFactory.getLogger(VerdictService.class);
    static final String PENDING = RunService.PENDING;
    private static final int RECENT = 256;

    private final RunRepository runs;
    private final JudgedRuns judged;
    private final VerdictRepository verdicts;
    private final Judge judge;
    private final JudgedProfiles judgedProfiles;
    private final JudgingQueue queue;
    private final VerdictWaiters waiters;
    private final ApplicationEventPublisher events;
    private final Clock clock;
    /**
     * Verdicts this instance stored lately, by id (a verdict never changes once stored): the requests waiting for
     * them are answered without a store read, which ran in the judging worker that completed them and held it up.
     */
    private final Map<String, Verdict> recent = Collections.synchronizedMap(new LinkedHashMap<>(RECENT, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Verdict> eldest) {
            return size() > RECENT;
        }
    });

    @EventListener(ApplicationReadyEvent.class)
    void createIndexes() {
        verdicts.ensureIndexes();
    }

    @EventListener
    void onRunEnded(RunEnded event) {
        queueEnded(event.run(), "run ended");
    }

    @EventListener
    void onRunEndRepeated(RunEndRepeated event) {
        queueEnded(event.run(), "run ended");
    }

    @EventListener
    void onResults(ResultsAttached event) {
        runs.findById(event.runId()).filter(Run::isEnded).ifPresent(run -> {
            markPending(run, "results attached");
            queue.request(run, new ObjectId().toHexString(), "results attached", judge.judgeableAt(run, clock.instant()));
            events.publishEvent(new JudgingQueued(run.id()));
        });
    }

    /**
     * Queues the judgement of an ended run unless it is queued already. Its verdict id is fixed, so however often
     * this happens (retried ends, recovery at start) the run is judged once.
     */
    void queueEnded(Run run, String reason) {
        if (run.verdict() == null || !PENDING.equals(run.verdict().status())) {
            markPending(run, reason); // else pending already (the end sets it): one write less per end
        }
        if (queue.addIfAbsent(run, "ended-" + run.id(), reason, judge.judgeableAt(run, clock.instant()))) {
            events.publishEvent(new JudgingQueued(run.id()));
        }
    }

    private void markPending(Run run, String reason) {
        runs.setVerdict(run.id(), new RunVerdict(PENDING, run.verdict() == null ? null : run.verdict().verdictId(),
                "evaluation pending (" + reason + ")", clock.instant()));
    }

    /** Evaluates a run now and stores the verdict. */
    public Verdict evaluate(String runId, String reason) {
        Run run = runs.findById(runId).orElseThrow(() -> ApiException.notFound("No run with id " + runId));
        if (run.status() == RunStatus.RUNNING) {
            throw ApiException.conflict("Run " + run.runId() + " is still running: end it first");
        }
        return store(run, judge.judge(run, new Verdict.Stamp(new ObjectId().toHexString(), run.id(), clock.instant(), reason)));
    }

    /** Judges a queued run (in a judging worker); empty when the run is gone. */
    Optional<Verdict> judgeQueued(JudgingJob job) {
        return runs.findById(job.id()).map(run -> store(run, judge.judge(run, stamp(job))));
    }

    /** Stores the verdict that a queued run could not be judged, with the reason. */
    void storeInconclusive(JudgingJob job, String detail) {
        runs.findById(job.id()).ifPresent(run -> store(run, Judge.Judgement.of(Verdict.inconclusive(stamp(job), detail))));
    }

    private Verdict.Stamp stamp(JudgingJob job) {
        return new Verdict.Stamp(job.verdictId(), job.id(), clock.instant(), job.reason());
    }

    /** Stores a verdict, points the run at it and announces it; a verdict stored already (by another worker) is kept. */
    private Verdict store(Run run, Judge.Judgement judgement) {
        Verdict verdict = judgement.verdict();
        Verdict previous = latest(run).orElse(null);
        // listed before its verdict exists: every judged run is in its series' slice (JudgedRuns)
        judged.add(run);
        try {
            verdicts.insert(verdict);
            storeProfiles(verdict, judgement.profiles());
        } catch (DuplicateKeyException judgedAlready) {
            verdict = verdicts.findById(verdict.id()).orElseThrow(() -> judgedAlready);
            if (run.verdict() != null && verdict.id().equals(run.verdict().verdictId()) && !PENDING.equals(run.verdict().status())) {
                return verdict;
            }
        }
        recent.put(verdict.id(), verdict);
        Run judgedRun = runs.setVerdictAndGet(run.id(),
                new RunVerdict(verdict.status().name(), verdict.id(), verdict.summary(), verdict.evaluatedAt())).orElse(run);
        log.info("Run {} ({}) judged {}: {}", run.runId(), run.series(), verdict.status(), verdict.summary());
        events.publishEvent(new VerdictReady(judgedRun, verdict, previous));
        return verdict;
    }

    /**
     * Stores the profiles a verdict judged; a store that fails here leaves the verdict as it is (the pages then read
     * Pyroscope, and say so), since the verdict is what the pipeline waits for.
     */
    private void storeProfiles(Verdict verdict, List<JudgedProfiles.Judged> profiles) {
        try {
            judgedProfiles.store(verdict.id(), profiles, clock.instant());
        } catch (DataAccessException e) {
            log.warn("The profiles of verdict {} were not stored: {}", verdict.id(), e.getMessage());
        }
    }

    public Optional<Verdict> latest(Run run) {
        if (run.verdict() == null || run.verdict().verdictId() == null) {
            return Optional.empty();
        }
        Verdict stored = recent.get(run.verdict().verdictId());
        return stored != null ? Optional.of(stored) : verdicts.findById(run.verdict().verdictId());
    }

    /** The run once its pending verdict is stored, or as it is when the timeout passes; holds no thread meanwhile. */
    public CompletableFuture<Run> verdictOf(String runId, Duration timeout) {
        return waiters.await(runId, timeout, () -> ApiException.notFound("No run with id " + runId));
    }

    /** Waits up to a timeout for a run's pending evaluation to finish. */
    public Run awaitVerdict(String runId, Duration timeout) {
        return verdictOf(runId, timeout).join();
    }
}
