package dev.perfgate.check;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.run.RegressionReview;

/**
 * Replays a series' recorded runs through a gate definition, oldest first: pure, no I/O. Each run is judged as
 * {@link Judge} would have judged it under that definition, against the history the replay itself built (so a
 * looser rule lets a regressed run into the baseline, a stricter one keeps it out), with the reviews people gave.
 * Nothing is stored and nothing is sent. A value the replay could not get is INCONCLUSIVE, never a pass.
 */
public final class Backtest {

    /** How a value's missing reason starts when the replay could not get it (not stored, no live source). */
    static final String NOT_REPLAYABLE = "not replayable: ";

    /**
     * One recorded run, as the replay needs it: its ids and start, what the gate actually said, the review of its
     * regression (null when none), why it is unfit to judge under the replayed definition (empty: fit) and each
     * check's values by check id.
     */
    record Recorded(String id, String runId, Instant startedAt, String actual, RegressionReview.Decision review,
            List<String> invalid, Map<String, List<ValueResolver.Resolved>> values) {
    }

    /** A check that did not pass in the replay, with its message (numbers included). */
    public record Finding(String check, String status, String message) {
    }

    /** One run: what the gate said, what the replayed definition says, and the checks behind it. */
    public record Row(String id, String runId, Instant startedAt, String actual, String replayed, boolean changed,
            List<Finding> findings, List<String> notReplayable) {
    }

    /**
     * The replay in numbers: runs, verdicts that change, the verdicts as they were and as replayed, runs that
     * would FAIL now but did not ({@code newFails}), runs that FAILed but would not now ({@code clearedFails}),
     * FAILs on runs accepted as good (a PASS, or a regression someone accepted) and runs with a check that could
     * not be replayed.
     */
    public record Summary(int runs, int changed, Map<String, Integer> actual, Map<String, Integer> replayed,
            int newFails, int clearedFails, int failsOnGoodRuns, int notReplayableRuns) {
    }

    private Backtest() {
    }

    /** Judges {@code oldestFirst} in order; {@code pinnedRunId} is the series' pinned baseline run (null: none). */
    static List<Row> replay(GateDefinition gate, List<Recorded> oldestFirst, String pinnedRunId) {
        int depth = JudgedHistory.depth(gate);
        List<PastRun> newestFirst = new ArrayList<>();
        PastRun pin = null;
        List<Row> rows = new ArrayList<>();
        for (Recorded run : oldestFirst) {
            if (!run.invalid().isEmpty()) {
                // an invalid run is never judged and never a baseline
                rows.add(row(run, CheckStatus.INVALID, run.invalid().stream()
                        .map(why -> new Finding("validity", CheckStatus.INVALID.name(), why)).toList(), List.of()));
                continue;
            }
            List<CheckResult> checks = new ArrayList<>();
            List<String> notReplayable = new ArrayList<>();
            for (CheckDefinition check : gate.checks()) {
                List<ValueResolver.Resolved> values = run.values().getOrDefault(check.id(), List.of(
                        new ValueResolver.Resolved(null, Measurement.missing(NOT_REPLAYABLE + "no value was recorded"))));
                for (ValueResolver.Resolved resolved : Judge.withVanished(check, values, newestFirst)) {
                    CheckResult result = Judge.evaluate(gate, check, resolved, newestFirst, pin);
                    checks.add(result);
                    String missing = resolved.measurement().missing();
                    if (missing != null && missing.startsWith(NOT_REPLAYABLE)) {
                        notReplayable.add(result.label());
                    }
                }
            }
            CheckStatus status = Verdict.overall(checks);
            rows.add(row(run, status, checks.stream().filter(c -> c.status() != CheckStatus.PASS)
                    .map(c -> new Finding(c.label(), c.status().name(), c.message())).toList(), notReplayable));
            PastRun past = past(run, status, checks);
            newestFirst.add(0, past);
            if (newestFirst.size() > depth) {
                newestFirst.remove(newestFirst.size() - 1);
            }
            if (run.id().equals(pinnedRunId)) {
                pin = past;
            }
        }
        return rows;
    }

    /** Counts what changed. */
    static Summary summarize(List<Row> rows, List<Recorded> runs) {
        Map<String, RegressionReview.Decision> reviews = new HashMap<>();
        runs.stream().filter(r -> r.review() != null).forEach(r -> reviews.put(r.id(), r.review()));
        Map<String, Integer> actual = new LinkedHashMap<>();
        Map<String, Integer> replayed = new LinkedHashMap<>();
        int changed = 0;
        int newFails = 0;
        int cleared = 0;
        int onGood = 0;
        int notReplayable = 0;
        String fail = CheckStatus.FAIL.name();
        for (Row row : rows) {
            actual.merge(row.actual(), 1, Integer::sum);
            replayed.merge(row.replayed(), 1, Integer::sum);
            changed += row.changed() ? 1 : 0;
            newFails += fail.equals(row.replayed()) && !fail.equals(row.actual()) ? 1 : 0;
            cleared += fail.equals(row.actual()) && !fail.equals(row.replayed()) ? 1 : 0;
            boolean good = CheckStatus.PASS.name().equals(row.actual())
                    || reviews.get(row.id()) == RegressionReview.Decision.ACCEPTED;
            onGood += good && fail.equals(row.replayed()) ? 1 : 0;
            notReplayable += row.notReplayable().isEmpty() ? 0 : 1;
        }
        return new Summary(rows.size(), changed, actual, replayed, newFails, cleared, onGood, notReplayable);
    }

    private static Row row(Recorded run, CheckStatus replayed, List<Finding> findings, List<String> notReplayable) {
        String actual = run.actual() == null ? "NONE" : run.actual();
        return new Row(run.id(), run.runId(), run.startedAt(), actual, replayed.name(), !actual.equals(replayed.name()),
                findings, List.copyOf(notReplayable));
    }

    /** The run as the next runs' baselines see it: as {@link JudgedHistory} reads a stored verdict. */
    private static PastRun past(Recorded run, CheckStatus status, List<CheckResult> checks) {
        return PastRun.of(run.id(), run.runId(), run.review(), status == CheckStatus.FAIL,
                status != CheckStatus.INCONCLUSIVE, checks.stream()
                .map(c -> new PastRun.Recorded(c.fingerprint(), c.request(), c.value(), c.regression(),
                        c.noise() == null ? null : c.noise().decision(), c.status() == CheckStatus.FAIL))
                .toList());
    }
}
