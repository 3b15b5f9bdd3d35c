package dev.perfgate.trigger;

import java.time.Instant;
import java.util.List;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

import dev.perfgate.run.Series;

/**
 * The last saved snapshot of a triggered run's progress, one document per trigger: what its page shows when the
 * trigger is not going on in this PerfGate process (it finished before a restart, or another instance runs it).
 * {@code owner} and {@code savedAt} tell whether the process running it is still there; {@code loadPid} and
 * {@code loadStartedAt} which load process it started. {@code runId} is PerfGate's id of the run, {@code runLabel}
 * the run's number in its series. {@code reservedUntil}: a Jenkins build that was still queued when its trigger was
 * abandoned keeps the series until then, or until it records its run.
 */
@Document("triggers")
record StoredTrigger(
        @Id String id,
        String runner,
        String system,
        String workload,
        String environment,
        String version,
        int users,
        int durationSeconds,
        int rampUpSeconds,
        String requestedBy,
        Instant requestedAt,
        Progress.State state,
        boolean finished,
        String message,
        long elapsedSeconds,
        long requests,
        long errors,
        String runId,
        String runLabel,
        String verdict,
        String verdictSummary,
        List<String> log,
        Owner owner,
        Instant savedAt,
        Long loadPid,
        Instant loadStartedAt,
        Instant reservedUntil) {

    static StoredTrigger of(TriggerRequest request, Progress.Snapshot snapshot, Owner owner, Instant savedAt) {
        Progress.View view = snapshot.view();
        return new StoredTrigger(view.id(), view.runner(), request.system(), request.workload(), request.environment(),
                request.version(), request.users(), request.durationSeconds(), request.rampUpSeconds(),
                view.requestedBy(), Owner.millis(view.requestedAt()), Progress.State.valueOf(view.state()),
                view.finished(), view.message(), view.elapsedSeconds(), view.requests(), view.errors(), view.runId(),
                view.runLabel(), view.verdict(), view.verdictSummary(), view.log(), owner, Owner.millis(savedAt),
                snapshot.loadPid(), Owner.millis(snapshot.loadStartedAt()), null);
    }

    Series series() {
        return new Series(system, workload, environment);
    }

    /** The snapshot as the progress page and its JSON show it. */
    Progress.View view() {
        return new Progress.View(id, runner, system, workload, environment, version, requestedBy, requestedAt,
                state.name(), finished, elapsedSeconds, rampUpSeconds + durationSeconds, requests, errors, runId,
                runLabel, verdict, verdictSummary, message, log == null ? List.of() : List.copyOf(log));
    }
}
