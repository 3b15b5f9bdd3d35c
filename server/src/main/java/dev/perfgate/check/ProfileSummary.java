package dev.perfgate.check;

import java.util.List;

/**
 * What a run's profile of one type says, kept with the verdict for years (Pyroscope keeps data
 * for days): links, the TopN functions, the functions that changed most against the baseline run,
 * and the explanation lines. {@code status} is EXPLAINED, PROFILED (no baseline) or INCONCLUSIVE.
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
        List<String> lines) {

    /** One function of the run's profile. */
    public record Function(String name, long self, long total, double selfShare, double totalShare,
            Double selfPerRequest, Double selfPerSecond) {
    }

    /** How one function changed from the baseline run: NEW, VANISHED or CHANGED. */
    public record Change(String name, String kind, double baselineSelfShare, double runSelfShare, double selfShareDelta,
            long selfDelta, Double selfPerRequestDelta) {
    }
}
