package dev.perfgate.run;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.bson.types.ObjectId;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.event.EventListener;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

import dev.perfgate.system.ApiException;

/** Records runs: idempotent creation by runId within a series, ending, reading. */
@Service
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public class RunService {

    /** A created run and whether this call created it (false: it existed already). */
    public record Created(Run run, boolean created) {
    }

    /**
     * Every failed attempt is a number another caller took, so the series always moves on; N callers numbering one
     * series at once need up to N attempts (on FerretDB the counter's find-and-modify is not atomic, so they often
     * draw the same number and one wins per round). The bound only stops a store that refuses every insert.
     */
    private static final int MAX_NUMBER_ATTEMPTS = 1_000;
    /** How far ahead of this server's clock a caller's may be. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    /** The status of a run's verdict while it waits for judgement. */
    public static final String PENDING = "PENDING";

    private final RunRepository runs;
    private final ApplicationEventPublisher events;
    private final Clock clock;

    @EventListener(ApplicationReadyEvent.class)
    void createIndexes() {
        runs.ensureIndexes();
    }

    /**
     * Creates a run, or returns the existing one when the same runId was already posted in the
     * series. The unique index decides between concurrent retries, so there is never a duplicate.
     */
    public Created create(CreateRunRequest request, Trigger defaultTrigger) {
        notInTheFuture("startedAt", request.startedAt());
        Series series = request.series();
        if (request.runId() != null) {
            // the insert first: a new run (the usual case) costs one round trip; a repeated one a failed insert and a read
            try {
                return recorded(runs.insert(newRun(request, request.runId(), defaultTrigger)));
            } catch (DuplicateKeyException exists) {
                return new Created(runs.findByRunId(series, request.runId()).orElseThrow(() -> exists), false);
            }
        }
        long number = 0;
        for (int attempt = 0; attempt < MAX_NUMBER_ATTEMPTS; attempt++) {
            // never below a number this caller found taken: a counter that lost a concurrent increment lags behind
            number = Math.max(runs.nextNumber(series), number + 1);
            try {
                return recorded(runs.insert(newRun(request, Long.toString(number), defaultTrigger)));
            } catch (DuplicateKeyException taken) {
                // another caller took this number (numbering at the same time, or its own runId); take a higher one
            }
        }
        throw new IllegalStateException("No free run number in series " + series + " after "
                + MAX_NUMBER_ATTEMPTS + " attempts");
    }

    /**
     * A run's start and end are when its load ran, so not later than now (beyond {@link #CLOCK_SKEW} between the
     * caller's clock and this server's): a run started in the future could never be ended.
     */
    private void notInTheFuture(String field, Instant at) {
        Instant now = clock.instant();
        if (at != null && at.isAfter(now.plus(CLOCK_SKEW))) {
            throw ApiException.badRequest(field + " " + at + " is in the future (this server's time is " + now
                    + "; clocks may differ by " + CLOCK_SKEW.toMinutes() + " minutes)");
        }
    }

    private Created recorded(Run run) {
        events.publishEvent(new RunCreated(run));
        return new Created(run, true);
    }

    /**
     * Ends a running run. Ending it again with the same outcome is a harmless retry, and one that makes sure the
     * run gets judged when it has no verdict yet (whatever failed after the first end).
     */
    public Run end(String id, EndRunRequest request) {
        Run run = get(id);
        RunStatus target = request.runStatus();
        Instant endedAt = request.endedAt() != null ? request.endedAt() : clock.instant();
        if (run.isEnded()) {
            if (run.status() != target && !(run.status() == RunStatus.INVALID && target == RunStatus.COMPLETED)) {
                throw ApiException.conflict("Run " + run.runId() + " is already " + run.status().name().toLowerCase()
                        + "; it cannot be marked " + target.name().toLowerCase());
            }
            if (run.verdict() == null || PENDING.equals(run.verdict().status())) {
                events.publishEvent(new RunEndRepeated(run));
            }
            return run;
        }
        notInTheFuture("endedAt", request.endedAt());
        if (endedAt.isBefore(run.startedAt())) {
            throw ApiException.badRequest("endedAt " + endedAt + " is before the run's start " + run.startedAt());
        }
        // its verdict is pending from the moment it is ended: a failure before its judgement is queued leaves a run
        // that a retried end (and the recovery at start) queues
        Run ended = runs.markEnded(id, target, endedAt, request.reason(), run.verdict() != null ? null
                : new RunVerdict(PENDING, null, "evaluation pending (run ended)", clock.instant()));
        if (runs.claimEnd(id, clock.instant())) {
            events.publishEvent(new RunEnded(ended));
        } else if (ended.verdict() == null || PENDING.equals(ended.verdict().status())) {
            events.publishEvent(new RunEndRepeated(ended));
        }
        return ended;
    }

    public Run get(String id) {
        return runs.findById(id).orElseThrow(() -> ApiException.notFound("No run with id " + id));
    }

    public List<Run> list(String system, String workload, String environment, String beforeId, int limit) {
        Run before = beforeId == null ? null : get(beforeId);
        return runs.list(system, workload, environment, before, limit);
    }

    private Run newRun(CreateRunRequest r, String runId, Trigger defaultTrigger) {
        Instant now = clock.instant();
        Trigger trigger = r.trigger() != null ? r.trigger()
                : (r.buildUrl() != null || r.buildNumber() != null) ? Trigger.CI : defaultTrigger;
        return new Run(new ObjectId().toHexString(), r.system(), r.workload(), r.environment(), runId,
                r.version(), r.buildUrl(), r.buildNumber(), r.branch(), r.commit(), trigger,
                r.tags() == null ? List.of() : List.copyOf(r.tags()),
                r.annotations() == null ? Map.of() : Map.copyOf(r.annotations()),
                r.startedAt() != null ? r.startedAt() : now, null,
                r.rampUpSeconds() == null ? 0 : r.rampUpSeconds(), RunStatus.RUNNING, null, now, null, null);
    }
}
