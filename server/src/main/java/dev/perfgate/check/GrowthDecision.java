package dev.perfgate.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

import dev.perfgate.definition.Numbers;
import dev.perfgate.definition.Rule;

/**
 * What the measured noise makes of a growth that broke its rule: pure, no I/O. How unlikely the value
 * is under the series' noise is measured against the good runs the noise is measured on (their median
 * and robust sd), in standard deviations of the comparison: sd × √(1/k + c/N) for k runs against N
 * noise runs (c = π/2 for a median of 3 or more). Like the Western Electric control-chart rules: one
 * run beyond 3 sd is a regression at once (SIGNIFICANT); inside that it is SUSPECTED (a WARN); a
 * suspected change repeated within the next two runs, the runs together beyond 2 sd, is CONFIRMED (a
 * FAIL naming the runs). Without a measured noise (fewer than 3 good runs) the rule alone decides
 * (UNMEASURED). The rule itself is judged against the configured baseline, by the caller.
 */
public final class GrowthDecision {

    public static final String SIGNIFICANT = "significant";
    public static final String SUSPECTED = "suspected";
    public static final String CONFIRMED = "confirmed";
    public static final String UNMEASURED = "unmeasured";
    public static final String ELEVATED = "elevated";

    /** One run this far outside the noise is a regression at once. */
    static final double SINGLE_RUN_SIGMAS = 3.0;
    /** A repeated suspected change this far outside the noise (runs together) is confirmed. */
    static final double CONFIRM_SIGMAS = 2.0;
    /** The MAD of a few runs can be near 0 by chance: the sd used is never below this share of the plain sd. */
    static final double PLAIN_SD_SHARE = 0.8;

    /** The decision, how many sd the change is (null when unmeasured), and a line that says so with the numbers. */
    public record Outcome(String decision, Double sigmas, String evidence, Noise noise) {
        public boolean regression() {
            return !SUSPECTED.equals(decision) && !ELEVATED.equals(decision);
        }
    }

    private GrowthDecision() {
    }

    /** Decides on a value whose growth against {@code baseline} already broke {@code rule}. */
    static Outcome ofBrokenRule(Rule rule, double value, BaselineValue baseline, GrowthHistory history, String unit) {
        List<Double> sample = history.noiseValues(rule.operator().higherIsWorse());
        Noise noise = Noise.of(sample, value);
        if (noise == null) {
            return new Outcome(UNMEASURED, null, "noise not measured yet (" + sample.size() + " good run"
                    + (sample.size() == 1 ? "" : "s") + ", " + Noise.MIN_RUNS + " needed): the rule alone decides", null);
        }
        double sd = Math.max(noise.sd(), PLAIN_SD_SHARE * Noise.plainSd(sample));
        double worse = rule.operator().higherIsWorse() ? 1 : -1;
        int n = sample.size();
        String band = band(noise, sd, unit);

        double single = sigmas(worse * (value - noise.median()), sd, 1, n);
        if (single >= SINGLE_RUN_SIGMAS) {
            return new Outcome(SIGNIFICANT, single, band + ": " + Numbers.format(single) + " sd, significant", noise);
        }
        List<GrowthHistory.Past> open = history.openSuspicion();
        if (!open.isEmpty()) {
            List<Double> together = new ArrayList<>();
            open.forEach(p -> together.add(p.value()));
            together.add(value);
            double mean = together.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            double joint = sigmas(worse * (mean - noise.median()), sd, together.size(), n);
            if (joint >= CONFIRM_SIGMAS) {
                List<GrowthHistory.Past> oldestFirst = new ArrayList<>(open);
                Collections.reverse(oldestFirst);
                String runs = oldestFirst.stream().map(p -> "run " + p.runId()).collect(Collectors.joining(", "));
                return new Outcome(CONFIRMED, joint, "confirmed: " + runs + " broke the rule before, together with this run "
                        + change(mean, baseline.value(), unit) + " vs " + baseline.label() + ", " + band + ": "
                        + Numbers.format(joint) + " sd", noise);
            }
        }
        return new Outcome(SUSPECTED, single, band + ": " + Numbers.format(single) + " sd, not significant (needs "
                + Numbers.format(SINGLE_RUN_SIGMAS) + "): suspected, a FAIL if one of the next two runs repeats it", noise);
    }

    /**
     * For a growth that kept its rule: how many sd above the noise it lies when that is beyond {@value #CONFIRM_SIGMAS}
     * (ELEVATED: the run passes but stays out of the baseline for a while), else null.
     */
    static Outcome ofKeptRule(Rule rule, double value, BaselineValue baseline, GrowthHistory history, String unit) {
        List<Double> sample = history.noiseValues(rule.operator().higherIsWorse());
        Noise noise = Noise.of(sample, value);
        if (noise == null) {
            return null;
        }
        double sd = Math.max(noise.sd(), PLAIN_SD_SHARE * Noise.plainSd(sample));
        double worse = rule.operator().higherIsWorse() ? 1 : -1;
        double single = sigmas(worse * (value - noise.median()), sd, 1, sample.size());
        if (single < CONFIRM_SIGMAS) {
            return null;
        }
        return new Outcome(ELEVATED, single, band(noise, sd, unit) + ": " + Numbers.format(single)
                + " sd, inside the rule but beyond the noise: kept out of the baseline for " + GrowthHistory.WINDOW + " runs", noise);
    }

    /**
     * The sd of the comparison of the mean of k runs with the median of n runs, in run-to-run sd: the median of 3 or
     * more runs varies π/2 times as much as their mean.
     */
    static double comparison(int k, int n) {
        double c = n >= 3 ? Math.PI / 2 : 1;
        return Math.sqrt(1.0 / k + c / n);
    }

    /** How many sd of the comparison of k runs with the median of n runs a change is. */
    static double sigmas(double change, double sd, int k, int n) {
        double se = sd * comparison(k, n);
        if (se == 0) {
            return change > 0 ? Double.POSITIVE_INFINITY : 0;
        }
        return change / se;
    }

    /** "noise 100 ms ± 4.45 % over 10 runs": the level and spread the change is measured against. */
    private static String band(Noise noise, double sd, String unit) {
        String spread = noise.median() != 0 ? Numbers.format(100 * sd / Math.abs(noise.median())) + " %"
                : Numbers.format(sd) + (unit == null ? "" : " " + unit);
        return "noise " + Evaluator.withUnit(noise.median(), unit) + " ± " + spread + " over " + noise.runs() + " runs";
    }

    private static String change(double value, double baseline, String unit) {
        return baseline != 0 ? Numbers.percent(100 * (value - baseline) / Math.abs(baseline)) + " %"
                : Numbers.signed(value - baseline) + (unit == null ? "" : " " + unit);
    }
}
