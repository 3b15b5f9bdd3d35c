package dev.perfgate.check;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.perfgate.definition.CheckDefinition;

/**
 * Run-to-run spread of a check's value in the series' recent history: median, MAD and a robust
 * standard deviation (1.4826 × MAD, or the plain one when MAD is 0), and the spread as a share of the median.
 * When a growth rule was broken, {@code decision} says what the noise made of it (see {@link GrowthDecision}),
 * {@code sigmas} how many standard deviations of the comparison the change is, and {@code evidence} says so in words.
 */
public record Noise(int runs, double median, double mad, double sd, double noisePct, Boolean exceeded, String note,
        String decision, Double sigmas, String evidence) {

    static final int MIN_RUNS = 3;
    /**
     * How many sd of the comparison (one run against the median of the runs measured) a growth rule must be to hold.
     * A clean run crosses a rule at 2 × the run-to-run spread in about 4 % of runs with normal noise, and in 7–8 % when
     * the spread is itself estimated from 10 runs (seeded in {@code RuleNoiseTest}); a fresh-clone CI's clean run
     * crossed a +30 % rule set at 2.26 × its ±13.3 % spread. At 3 sd of the comparison: 2.6 % there.
     */
    static final double HOLDS = 3;

    public Noise(int runs, double median, double mad, double sd, double noisePct, Boolean exceeded, String note) {
        this(runs, median, mad, sd, noisePct, exceeded, note, null, null, null);
    }

    /** The spread of the history and whether {@code value} lies outside median ± 2 sd; null with fewer than 3 runs. */
    static Noise of(List<Double> history, Double value) {
        if (history.size() < MIN_RUNS) {
            return null;
        }
        double median = median(history);
        List<Double> deviations = new ArrayList<>();
        history.forEach(v -> deviations.add(Math.abs(v - median)));
        double mad = median(deviations);
        double sd = mad > 0 ? 1.4826 * mad : plainSd(history);
        double pct = median == 0 ? 0 : 100 * sd / Math.abs(median);
        Boolean exceeded = value == null ? null : Math.abs(value - median) > 2 * sd;
        return new Noise(history.size(), median, mad, sd, pct, exceeded, null);
    }

    Noise withNote(String note) {
        return new Noise(runs, median, mad, sd, noisePct, exceeded, note, decision, sigmas, evidence);
    }

    Noise withDecision(String decision, Double sigmas, String evidence) {
        return new Noise(runs, median, mad, sd, noisePct, exceeded, note, decision, sigmas, evidence);
    }

    /**
     * Whether a percent growth rule sits inside this noise: narrower than {@link #holdsPct}, counting the
     * floor (an absolute change the rule lets pass) as the share of the median it is. False for an absolute rule.
     */
    boolean contains(CheckDefinition check) {
        if (check.growth() == null || !check.growth().percent()) {
            return false;
        }
        return holdsPct() >= effectivePct(check);
    }

    /** The narrowest percent rule that holds against this noise: {@link #HOLDS} sd of one run against the median. */
    double holdsPct() {
        return HOLDS * noisePct * GrowthDecision.comparison(1, runs);
    }

    /** The widest of the rule's percentage and its floor as a share of the median: what a change must exceed. */
    double effectivePct(CheckDefinition check) {
        double floorPct = check.floor() > 0 && median != 0 ? 100 * check.floor() / Math.abs(median) : 0;
        return Math.max(Math.abs(check.growth().threshold()), floorPct);
    }

    /** A growth that broke its rule but lies inside the noise, waiting for the next run to confirm it. */
    public boolean suspected() {
        return GrowthDecision.SUSPECTED.equals(decision);
    }

    /** A growth that kept its rule but lay beyond the noise: kept out of the baseline for a few runs. */
    public boolean elevated() {
        return GrowthDecision.ELEVATED.equals(decision);
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    static double plainSd(List<Double> values) {
        double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double var = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum() / Math.max(1, values.size() - 1);
        return Math.sqrt(var);
    }
}
