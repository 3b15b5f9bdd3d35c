package dev.perfgate.definition;

import java.util.List;

/**
 * One check: what is measured and the rules that judge it. The fingerprint identifies what is
 * measured (source and unit, not thresholds), so only runs measured the same way serve as baselines.
 * {@code expect} states what a real reading looks like (e.g. {@code > 0}): a value outside it cannot be
 * real and makes the check INCONCLUSIVE, never a pass.
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
        String fingerprint,
        List<Rule> expect) {

    public CheckDefinition {
        expect = expect == null ? List.of() : List.copyOf(expect);
    }

    /** A check with no stated expectation of a real reading (the source's defaults still apply). */
    public CheckDefinition(String id, String name, String unit, ValueSource source, Rule requirement, Rule growth,
            double floor, Severity severity, boolean key, String fingerprint) {
        this(id, name, unit, source, requirement, growth, floor, severity, key, fingerprint, List.of());
    }

    /** What a broken rule does. */
    public enum Severity { FAIL, WARN }
}
