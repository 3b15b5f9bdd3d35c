package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.Numbers;
import dev.perfgate.definition.Rule;

/**
 * Judges one check: pure, no I/O. The value against the requirement; the change against the
 * baseline under the growth rule and its floor; the noise of the history around both. No value
 * is INCONCLUSIVE, never a pass; no baseline yet leaves the growth rule unjudged and says so.
 */
public final class Evaluator {

    private Evaluator() {
    }

    /** Judges against a history of good runs only, newest first (no suspected run to confirm). */
    static CheckResult evaluate(CheckDefinition check, String request, Measurement current, BaselineValue baseline,
            List<Double> history) {
        return evaluate(check, request, current, baseline, GrowthHistory.ofGoodValues(history));
    }

    /**
     * Judges one check of a run against its baseline and the check's earlier runs. A broken growth
     * rule is a regression only when the noise says so ({@link GrowthDecision}); a requirement is absolute.
     */
    public static CheckResult evaluate(CheckDefinition check, String request, Measurement current, BaselineValue baseline,
            GrowthHistory growthHistory) {
        List<Double> history = growthHistory.noiseValues(check.growth() == null || check.growth().operator().higherIsWorse());
        String label = CheckResult.label(check.name(), request);
        String unit = check.unit();
        if (current.noBaseline()) {
            return result(check, request, CheckStatus.PASS, null, null, null, null, null, null, null,
                    label + ": no baseline yet (" + current.missing() + "), not judged");
        }
        if (!current.present()) {
            String message = label + (current.implausible() ? ": implausible reading, not judged (" : ": no data (")
                    + current.missing() + ")";
            return result(check, request, CheckStatus.INCONCLUSIVE, null, null, null, baseline, null, null,
                    Noise.of(history, null), message);
        }
        double value = current.value();
        List<String> messages = new ArrayList<>();
        CheckStatus status = CheckStatus.PASS;

        CheckStatus requirementStatus = null;
        if (check.requirement() != null) {
            Rule rule = check.requirement();
            boolean holds = rule.operator().holds(value, rule.threshold());
            requirementStatus = holds ? CheckStatus.PASS : broken(check);
            String[] shown = Numbers.apart(value, rule.threshold());
            messages.add(label + " " + withUnit(shown[0], unit) + " " + comparison(value, rule.threshold()) + " "
                    + withUnit(shown[1], unit));
            status = CheckStatus.worse(status, requirementStatus);
        }

        CheckStatus growthStatus = null;
        GrowthDecision.Outcome outcome = null;
        Double deltaAbs = null;
        Double deltaPct = null;
        if (check.growth() != null) {
            Rule rule = check.growth();
            if (baseline == null) {
                growthStatus = null;
                messages.add(label + ": no baseline yet, growth rule " + rule.text() + " not judged");
            } else {
                deltaAbs = value - baseline.value();
                if (baseline.value() != 0) {
                    deltaPct = 100 * deltaAbs / Math.abs(baseline.value());
                } else if (deltaAbs == 0) {
                    deltaPct = 0.0;
                }
                double change = rule.percent() ? (deltaPct == null ? Math.signum(deltaAbs) * Double.MAX_VALUE : deltaPct) : deltaAbs;
                boolean holds = rule.operator().holds(change, rule.threshold());
                boolean withinFloor = !holds && Math.abs(deltaAbs) <= check.floor();
                if (holds || withinFloor) {
                    growthStatus = CheckStatus.PASS;
                    outcome = withinFloor ? null : GrowthDecision.ofKeptRule(rule, value, baseline, growthHistory, unit);
                } else {
                    outcome = GrowthDecision.ofBrokenRule(rule, value, baseline, growthHistory, unit);
                    growthStatus = outcome.regression() ? broken(check) : CheckStatus.WARN;
                }
                String delta = rule.percent()
                        ? (deltaPct == null ? "from 0" : Numbers.percent(deltaPct) + " %")
                        : Numbers.signed(deltaAbs) + (unit == null ? "" : " " + unit);
                String judged = holds ? (rule.operator().symbol()) : comparison(change, rule.threshold());
                String line = label + " " + withUnit(value, unit) + " vs " + withUnit(baseline.value(), unit) + " in "
                        + baseline.label() + ": " + delta + " " + judged + " " + rule.thresholdText();
                if (withinFloor) {
                    line += ", but only " + Numbers.signed(deltaAbs) + (unit == null ? "" : " " + unit)
                            + " (within the floor of " + Numbers.format(check.floor()) + (unit == null ? "" : " " + unit) + ")";
                }
                if (outcome != null && (GrowthDecision.SUSPECTED.equals(outcome.decision())
                        || GrowthDecision.CONFIRMED.equals(outcome.decision()))) {
                    line += "; " + outcome.evidence();
                }
                messages.add(line);
                status = CheckStatus.worse(status, growthStatus);
            }
        }

        if (messages.size() == 2 && requirementStatus != null && growthStatus != null
                && growthStatus.severity() > requirementStatus.severity()) {
            // what did not pass comes first: "p99 185 ms vs 150 ms …: +23 % > +10 %; p99 185 ms < 250 ms"
            messages.add(messages.remove(0));
        }
        Noise noise = Noise.of(history, value);
        if (noise != null && noise.contains(check)) {
            noise = noise.withNote("growth rule " + check.growth().thresholdText() + " sits inside the measured noise: run-to-run "
                    + Numbers.format(noise.noisePct()) + " % over the last " + noise.runs() + " runs");
        }
        if (noise != null && outcome != null) {
            noise = noise.withDecision(outcome.decision(), outcome.sigmas(), outcome.evidence());
        }
        boolean onlySuspected = outcome != null && GrowthDecision.SUSPECTED.equals(outcome.decision())
                && requirementStatus != CheckStatus.WARN;
        // a key check fails on a WARN, but a suspicion is not a broken rule yet: it waits for the next run
        if (check.key() && status == CheckStatus.WARN && !onlySuspected) {
            status = CheckStatus.FAIL;
        }
        return result(check, request, status, value, requirementStatus, growthStatus, baseline, deltaAbs, deltaPct,
                noise, String.join("; ", messages));
    }

    private static CheckStatus broken(CheckDefinition check) {
        return check.severity() == CheckDefinition.Severity.WARN ? CheckStatus.WARN : CheckStatus.FAIL;
    }

    /** How a value actually relates to a threshold: the sign a person expects to read. */
    private static String comparison(double value, double threshold) {
        return value > threshold ? ">" : value < threshold ? "<" : "=";
    }

    /** A number and its unit as the definition writes it ("512 MB", "40 ms", "12.5 %"). */
    static String withUnit(double value, String unit) {
        return withUnit(Numbers.format(value), unit);
    }

    private static String withUnit(String number, String unit) {
        return number + (unit == null || unit.isEmpty() ? "" : " " + unit);
    }

    private static CheckResult result(CheckDefinition check, String request, CheckStatus status, Double value,
            CheckStatus requirementStatus, CheckStatus growthStatus, BaselineValue baseline, Double deltaAbs,
            Double deltaPct, Noise noise, String message) {
        return new CheckResult(check.id(), check.name(), check.fingerprint(), request, status, check.key(),
                check.severity().name(), value, check.unit(),
                check.requirement() == null ? null : check.requirement().text(), requirementStatus,
                check.growth() == null ? null : check.growth().text(), growthStatus,
                baseline == null ? null : baseline.runId(), baseline == null ? null : baseline.label(),
                baseline == null ? null : baseline.value(), deltaAbs, deltaPct,
                check.growth() == null ? null : check.floor(), noise, message, List.of());
    }
}
