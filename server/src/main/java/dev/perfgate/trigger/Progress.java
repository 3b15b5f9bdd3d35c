package dev.perfgate.trigger;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import dev.perfgate.run.RunVerdict;
import dev.perfgate.run.Series;

/**
 * What one triggered run is doing, for the progress page: written by the runner's thread, read by requests as
 * {@link View} snapshots and saved to the store by {@link Triggers} (milestones at once, the console's counters
 * at most once a second).
 */
@RequiredArgsConstructor(access = AccessLevel.PACKAGE)
public final class Progress {

    /** Where a triggered run is. */
    public enum State {
        /** Accepted, the runner is starting. */
        STARTING,
        /** Handed to Jenkins, waiting for the build to record its run. */
        QUEUED,
        /** The load is running. */
        RUNNING,
        /** The load is over: results are converted and attached. */
        RESULTS,
        /** The run ended; PerfGate is judging it. */
        JUDGING,
        /** Judged: the verdict is known. */
        DONE,
        /** Something failed; {@code message} says what. */
        FAILED;

        public boolean finished() {
            return this == DONE || this == FAILED;
        }
    }

    /** A consistent copy of the progress, as the page and its JSON endpoint show it. */
    public record View(String id, String runner, String system, String workload, String environment, String version,
            String requestedBy, Instant requestedAt, String state, boolean finished, long elapsedSeconds,
            long totalSeconds, long requests, long errors, String runId, String runLabel, String verdict,
            String verdictSummary, String message, List<String> log) {

        /** The output lines as one text. */
        public String logText() {
            return String.join("\n", log);
        }
    }

    private static final int LOG_LINES = 15;

    private final String id;
    private final String runner;
    private final TriggerRequest request;
    private final String requestedBy;
    private final Instant requestedAt;
    private final Deque<String> log = new ArrayDeque<>();
    private State state = State.STARTING;
    private long elapsedSeconds;
    private long requests;
    private long errors;
    private String runId;
    private String runLabel;
    private String verdict;
    private String verdictSummary;
    private String message = "starting";
    private Long loadPid;
    private Instant loadStartedAt;
    /** Counts changes, so a save can tell whether there is anything new to write. */
    private long version;
    private volatile Runnable milestone = () -> { };

    public String id() {
        return id;
    }

    public Series series() {
        return request.series();
    }

    public TriggerRequest request() {
        return request;
    }

    public synchronized State state() {
        return state;
    }

    void state(State state, String message) {
        milestone(() -> {
            this.state = state;
            this.message = message;
        });
    }

    synchronized void load(long elapsedSeconds, long requests, long errors) {
        this.elapsedSeconds = elapsedSeconds;
        this.requests = requests;
        this.errors = errors;
        version++;
    }

    /** The load is over: Gatling's last periodic summary may be a few seconds short of its end. */
    synchronized void loadEnded() {
        elapsedSeconds = Math.max(elapsedSeconds, request.totalSeconds());
        version++;
    }

    /** The load process started: which one it is, so a restarted PerfGate can tell whether it outlived it. */
    void loadProcess(long pid, Instant startedAt) {
        milestone(() -> {
            this.loadPid = pid;
            this.loadStartedAt = startedAt;
        });
    }

    void run(String runId, String runLabel) {
        milestone(() -> {
            this.runId = runId;
            this.runLabel = runLabel;
        });
    }

    /** The run was judged: its verdict, and the trigger is done. */
    void judged(RunVerdict judged) {
        milestone(() -> {
            this.verdict = judged.status();
            this.verdictSummary = judged.summary();
            this.state = State.DONE;
            this.message = "judged " + judged.status();
        });
    }

    /** Applies a milestone's change under the lock, then lets the listener save it (outside the lock). */
    private void milestone(Runnable change) {
        synchronized (this) {
            change.run();
            version++;
        }
        milestone.run();
    }

    synchronized void log(String line) {
        log.addLast(line.length() > 300 ? line.substring(0, 300) + "…" : line);
        while (log.size() > LOG_LINES) {
            log.removeFirst();
        }
        version++;
    }

    /** Called (on the changing thread) after each milestone: a state, the run, the verdict, the load process. */
    void onMilestone(Runnable milestone) {
        this.milestone = milestone;
    }

    /** What to save: the view, the load process and the change count, taken together. */
    record Snapshot(View view, Long loadPid, Instant loadStartedAt, long version) {
    }

    synchronized Snapshot snapshot() {
        return new Snapshot(view(), loadPid, loadStartedAt, version);
    }

    public synchronized View view() {
        return new View(id, runner, request.system(), request.workload(), request.environment(), request.version(),
                requestedBy, requestedAt, state.name(), state.finished(), elapsedSeconds, request.totalSeconds(),
                requests, errors, runId, runLabel, verdict, verdictSummary, message, List.copyOf(log));
    }
}
