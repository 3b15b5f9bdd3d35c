package dev.perfgate.check;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What a run's profile of one type says, kept with the verdict for years (Pyroscope keeps data
 * for days): links, the TopN functions, the functions that changed most against the baseline run,
 * and the explanation lines. {@code status} is EXPLAINED, PROFILED (no baseline) or INCONCLUSIVE.
 * It is the evidence as judged: the queries and windows read, and the totals compared
 * ({@code runTicks}, {@code baselineTicks} in {@code rawUnit}: samples, bytes, ns); the pages show it
 * as stored and never read Pyroscope again for a judged run.
 */
public record ProfileSummary(
        String type,
        String status,
        String reason,
        String flamegraphUrl,
        String diffUrl,
        String comparisonUrl,
        String baselineRunId,
        String baselineLabel,
        Double totalPerRequest,
        Double totalPerSecond,
        String unit,
        List<Function> top,
        List<Change> changes,
        List<String> lines,
        Query runQuery,
        Query baselineQuery,
        Long runTicks,
        Long baselineTicks,
        String rawUnit,
        Double baselineTotalPerRequest,
        String warning) {

    /**
     * This summary without the functions that grew, for a passing verdict: a pass has nothing to explain, and growth
     * lines under it read as culprits (the queries, totals and top functions stay).
     */
    ProfileSummary withoutGrowth() {
        return new ProfileSummary(type, status, reason, flamegraphUrl, diffUrl, comparisonUrl, baselineRunId,
                baselineLabel, totalPerRequest, totalPerSecond, unit, top, changes, List.of(), runQuery, baselineQuery,
                runTicks, baselineTicks, rawUnit, baselineTotalPerRequest, warning);
    }

    /**
     * This summary of a run whose JVM was still warming up: no function named as what grew (the JIT's and the class
     * loader's growth would be), the reason instead, and as the warning.
     */
    ProfileSummary onColdJvm(String why) {
        return new ProfileSummary(type, status, reason(), flamegraphUrl, diffUrl, comparisonUrl, baselineRunId,
                baselineLabel, totalPerRequest, totalPerSecond, unit, top, changes,
                List.of("no function named as the culprit: " + why), runQuery, baselineQuery, runTicks,
                baselineTicks, rawUnit, baselineTotalPerRequest, why);
    }

    /** One profile read from Pyroscope: what was asked for, and over which window (as queried, padding included). */
    public record Query(String application, String profile, Map<String, String> labels, String query, Instant from,
            Instant until) {
    }

    /** One function of the run's profile. */
    public record Function(String name, long self, long total, double selfShare, double totalShare,
            Double selfPerRequest, Double selfPerSecond) {
    }

    /** How one function changed from the baseline run: NEW, VANISHED or CHANGED. */
    public record Change(String name, String kind, double baselineSelfShare, double runSelfShare, double selfShareDelta,
            long selfDelta, Double selfPerRequestDelta) {
    }
}
