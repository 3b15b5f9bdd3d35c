package dev.perfgate.definition;

/**
 * One check: what is measured and the rules that judge it. The fingerprint identifies what is
 * measured (source and unit, not thresholds), so only runs measured the same way serve as baselines.
 */
public record CheckDefinition(
        String id,
        String name,
        String unit,
        ValueSource source,
        Rule requirement,
        Rule growth,
        double floor,
        Severity severity,
        boolean key,
        String fingerprint) {

    /** What a broken rule does. */
    public enum Severity { FAIL, WARN }
}
