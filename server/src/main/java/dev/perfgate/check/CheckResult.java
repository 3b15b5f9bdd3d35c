package dev.perfgate.check;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonProperty;

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

    /**
     * How the check is named wherever it is shown (run page, Slack, the CLI through the API's {@code label}):
     * its name, and for a per-request check "of" the request, e.g. "p95 of /x".
     */
    @JsonProperty("label")
    public String label() {
        return label(name, request);
    }

    /** "p95 of /x"; the name alone when there is no request or the name says it already ("p95 of /x" for /x). */
    static String label(String name, String request) {
        return request == null || name.contains(request) ? name : name + " of " + request;
    }

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
