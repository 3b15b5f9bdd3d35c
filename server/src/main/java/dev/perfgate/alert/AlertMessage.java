package dev.perfgate.alert;

import java.time.Instant;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.perfgate.check.CheckResult;
import dev.perfgate.check.CheckStatus;
import dev.perfgate.check.Verdict;
import dev.perfgate.run.Run;
import dev.perfgate.run.Series;

/**
 * What an alert says, before any channel's format: the run, the verdict, the checks that did not pass with their
 * numbers and explanations, and the links to the evidence.
 */
record AlertMessage(AlertPolicy.Kind kind, CheckStatus status, CheckStatus from, String previousRun,
        String verdictId, String gate, String summary, Instant evaluatedAt, String reason, Series series,
        String runKey, String run, String version, String buildUrl, String buildNumber, String branch,
        String commit, List<CheckResult> checks, int checkCount, Map<String, String> links) {

    private static final Comparator<CheckResult> WORST_FIRST = Comparator
            .comparing(CheckResult::status, Comparator.comparingInt(CheckStatus::severity).reversed())
            .thenComparing(c -> !c.key());

    /**
     * @param previousRun the series' previous run (caller's id), for a recovery
     * @param links       the verdict's links: run, compare, trends, and flamegraphDiff when profiling made one
     */
    static AlertMessage of(AlertPolicy.Decision decision, Run run, Verdict verdict, String previousRun,
            Map<String, String> links) {
        List<CheckResult> notPassing = verdict.checks().stream().filter(c -> c.status() != CheckStatus.PASS)
                .sorted(WORST_FIRST).toList();
        return new AlertMessage(decision.kind(), decision.status(), decision.from(), previousRun, verdict.id(),
                verdict.gate() == null ? null : verdict.gate().value(), verdict.summary(), verdict.evaluatedAt(), verdict.reason(), run.series(), run.id(),
                run.runId(), run.version(), run.buildUrl(), run.buildNumber(), run.branch(), run.commit(), notPassing,
                verdict.checks().size(), present(links));
    }

    private static Map<String, String> present(Map<String, String> links) {
        Map<String, String> present = new LinkedHashMap<>();
        links.forEach((name, url) -> {
            if (url != null) {
                present.put(name, url);
            }
        });
        return Collections.unmodifiableMap(present);
    }

    /** One line for notifications and lists, e.g. {@code FAIL: shop/peak/test run 154}. */
    String headline() {
        return status + ": " + series + " run " + run;
    }

    /** The line that says why this is not a plain verdict message, or null. */
    String change() {
        if (kind == AlertPolicy.Kind.CHANGED) {
            return "verdict changed from " + from + " to " + status + " after re-evaluation";
        }
        if (kind == AlertPolicy.Kind.RECOVERY) {
            return "recovered: PASS after " + from + (previousRun == null ? "" : " in run " + previousRun);
        }
        return null;
    }

    /** Key checks that failed: these warrant a mention. */
    List<CheckResult> keyFailures() {
        return checks.stream().filter(c -> c.key() && c.status() == CheckStatus.FAIL).toList();
    }

    String link(String name) {
        return links.get(name);
    }
}
