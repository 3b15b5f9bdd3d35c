package dev.perfgate.check;

import java.util.List;

/**
 * One check of a verdict with every number behind it: value, requirement, baseline and delta,
 * noise band, and a message a person reads in one line.
 */
public record CheckResult(
        String id,
        String name,
        String fingerprint,
        String request,
        CheckStatus status,
        boolean key,
        String severity,
        Double value,
        String unit,
        String requirement,
        CheckStatus requirementStatus,
        String growth,
        CheckStatus growthStatus,
        String baselineRunId,
        String baselineLabel,
        Double baselineValue,
        Double deltaAbs,
        Double deltaPct,
        Double floor,
        Noise noise,
        String message,
        List<String> explanation) {

    /** A regression is a broken growth rule. */
    public boolean regression() {
        return growthStatus == CheckStatus.FAIL || growthStatus == CheckStatus.WARN;
    }

    /** The same result with the lines that explain it (e.g. the functions that grew). */
    public CheckResult explainedBy(List<String> lines) {
        return new CheckResult(id, name, fingerprint, request, status, key, severity, value, unit, requirement,
                requirementStatus, growth, growthStatus, baselineRunId, baselineLabel, baselineValue, deltaAbs,
                deltaPct, floor, noise, message, List.copyOf(lines));
    }
}
