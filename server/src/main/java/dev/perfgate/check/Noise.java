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

    /**
     * How far apart (in sd of the difference of the two sides' medians) the runs before and after a split must lie
     * to be two levels rather than one noise: beyond it, the noise is measured on the newer level alone.
     */
    static final double LEVEL_CHANGE_SIGMAS = 4;

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

    /**
     * The runs of {@code newestFirst} at the current level: all of them, or, when the newer ones lie at a better level
     * than the older ones (an improvement 4 or more runs ago, with {@value #MIN_RUNS} or more runs
     * before it), the newer ones. A noise measured across an improvement centres on neither level and spreads over
     * both: a regression back to the old level read as inside that noise, for ever. (A change to a worse level that
     * passed needs no cut: a noise centred below the current level only makes a further rise stand out more.)
     * The split taken is the one whose two medians lie furthest apart in sd of their difference (the sd from both
     * sides' deviations from their own medians, a median's own zero left out); it counts beyond
     * {@value #LEVEL_CHANGE_SIGMAS}.
     */
    static List<Double> currentLevel(List<Double> newestFirst, boolean higherIsWorse) {
        int n = newestFirst.size();
        int split = -1;
        double farthest = LEVEL_CHANGE_SIGMAS;
        for (int k = MIN_RUNS + 1; k <= n - MIN_RUNS; k++) {
            List<Double> newer = newestFirst.subList(0, k);
            List<Double> older = newestFirst.subList(k, n);
            double newerMedian = median(newer);
            double olderMedian = median(older);
            double better = higherIsWorse ? olderMedian - newerMedian : newerMedian - olderMedian;
            if (better <= 0) {
                continue;
            }
            List<Double> deviations = new ArrayList<>();
            deviations(newer, newerMedian, deviations);
            deviations(older, olderMedian, deviations);
            double sd = 1.4826 * median(deviations);
            if (sd == 0) {
                sd = Math.sqrt(deviations.stream().mapToDouble(d -> d * d).sum() / deviations.size());
            }
            double sigmas = sd == 0 ? Double.POSITIVE_INFINITY
                    : better / (sd * Math.sqrt(Math.PI / 2 * (1.0 / k + 1.0 / (n - k))));
            if (sigmas > farthest) {
                farthest = sigmas;
                split = k;
            }
        }
        return split < 0 ? newestFirst : List.copyOf(newestFirst.subList(0, split));
    }

    /** The values' distances from their median, without the zero of the median value itself (odd counts). */
    private static void deviations(List<Double> values, double median, List<Double> into) {
        List<Double> distances = new ArrayList<>();
        values.forEach(v -> distances.add(Math.abs(v - median)));
        Collections.sort(distances);
        into.addAll(values.size() % 2 == 1 ? distances.subList(1, distances.size()) : distances);
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
