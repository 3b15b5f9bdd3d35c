package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.Numbers;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;
import dev.perfgate.run.RunStatus;

/** Test validity before judgement: did the run do what its workload expects? */
final class Validity {

    /** How a run's status reason starts when its validity, not a person, marked it invalid. */
    static final String PREFIX = "validity: ";

    private Validity() {
    }

    /** Why the run is not judged whatever its checks say: it was aborted or marked invalid by hand; empty if neither. */
    static Optional<String> setAside(Run run) {
        boolean manuallyInvalid = run.status() == RunStatus.INVALID
                && (run.statusReason() == null || !run.statusReason().startsWith(PREFIX));
        if (run.status() != RunStatus.ABORTED && !manuallyInvalid) {
            return Optional.empty();
        }
        String why = run.status() == RunStatus.ABORTED ? "the run was aborted" : "the run was marked invalid";
        return Optional.of(why + (run.statusReason() == null ? "" : ": " + run.statusReason()));
    }

    /** What makes the run unfit to judge; empty when it is fit (or nothing is expected). */
    static List<String> problems(GateDefinition.Validity expected, Run run, RunResults results) {
        List<String> problems = new ArrayList<>();
        if (expected.minDurationSeconds() != null && run.endedAt() != null) {
            double seconds = JudgedWindow.of(run, results).duration().toMillis() / 1000.0;
            if (seconds < expected.minDurationSeconds()) {
                problems.add("steady state lasted " + Numbers.format(seconds) + " s < " + Numbers.format(expected.minDurationSeconds()) + " s expected");
            }
        }
        boolean needsResults = expected.minRequests() != null || expected.minThroughputRps() != null || expected.maxErrorPct() != null;
        if (!needsResults) {
            return problems;
        }
        if (results == null || results.global() == null) {
            problems.add("no request statistics were posted, so the workload expectations cannot be checked");
            return problems;
        }
        var global = results.global();
        if (expected.minRequests() != null && global.count() < expected.minRequests()) {
            problems.add(global.count() + " requests < " + expected.minRequests() + " expected");
        }
        if (expected.minThroughputRps() != null && (global.throughputRps() == null || global.throughputRps() < expected.minThroughputRps())) {
            problems.add("throughput " + (global.throughputRps() == null ? "unknown" : Numbers.format(global.throughputRps()) + " req/s")
                    + " < " + Numbers.format(expected.minThroughputRps()) + " req/s expected");
        }
        if (expected.maxErrorPct() != null && global.errorPct() == null) {
            // the error rate comes from the counts (RequestStats.named): there is none only without requests
            problems.add("no error rate (no requests), so at most "
                    + Numbers.format(expected.maxErrorPct()) + " % allowed cannot be checked");
        } else if (expected.maxErrorPct() != null && global.errorPct() > expected.maxErrorPct()) {
            problems.add("errors " + Numbers.format(global.errorPct()) + " % > " + Numbers.format(expected.maxErrorPct()) + " % allowed");
        }
        return problems;
    }
}
