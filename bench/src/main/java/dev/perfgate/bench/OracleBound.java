package dev.perfgate.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.perfgate.bench.GateQualityBench.Score;
import dev.perfgate.bench.GateQualityBench.Series;
import dev.perfgate.check.CheckStatus;

/**
 * An upper bound no real gate can pass on the same corpus: the Bayes decision of a gate that is told each
 * series' true healthy level, its true noise and how the corpus is made (which kinds of series, step sizes,
 * where steps start and how long fixed ones last, where spikes fall: every hypothesis the generator can
 * draw, with its probability). A real gate estimates level and noise from 5–10 earlier runs and knows none
 * of the rest. At each run the oracle computes, from that run and the runs before it only, the posterior
 * probability that the series' true level is now at least +10 % (a regression by the corpus' label), and
 * FAILs when it exceeds a threshold. The thresholds are chosen per noise level (spending the false-FAIL
 * budget where it buys most recall) for the most regressions caught at a false FAIL rate of at most 1 %.
 */
final class OracleBound {

    static final double[] POSTERIOR_THRESHOLDS = {0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995};
    static final double FALSE_FAIL_BUDGET = Double.parseDouble(System.getProperty("falseFailBudget", "0.01"));

    /** One way the generator can draw a series: the level of each run, which run is a spike, and its probability. */
    record Hypothesis(double[] logLevel, boolean[] regressed, double logPrior) {
    }

    private OracleBound() {
    }

    /** Every series the corpus generator can draw (GateQualityBench.corpus), with its prior. */
    static List<Hypothesis> hypotheses() {
        int runs = GateQualityBench.RUNS;
        int history = GateQualityBench.HISTORY;
        double kinds = 6; // A/A, four step sizes, spike (the creep is judged apart)
        List<Hypothesis> all = new ArrayList<>();
        all.add(hypothesis(new double[runs], -1, 1 / kinds));
        for (double step : new double[] {0.05, 0.10, 0.20, 0.50}) {
            for (int start = history; start < history + 5; start++) {
                // every second step series is fixed 3 or 4 runs after it starts
                int[] ends = {runs, start + 3, start + 4};
                double[] weights = {0.5, 0.25, 0.25};
                for (int e = 0; e < ends.length; e++) {
                    double[] level = new double[runs];
                    for (int t = start; t < Math.min(runs, ends[e]); t++) {
                        level[t] = Math.log(1 + step);
                    }
                    all.add(hypothesis(level, -1, weights[e] / 5 / kinds));
                }
            }
        }
        for (int t = history; t < runs - 1; t++) {
            double[] level = new double[runs];
            level[t] = Math.log(1.3);
            all.add(hypothesis(level, t, 1.0 / (runs - 1 - history) / kinds));
        }
        return all;
    }

    private static Hypothesis hypothesis(double[] logLevel, int spike, double prior) {
        boolean[] regressed = new boolean[logLevel.length];
        for (int t = 0; t < logLevel.length; t++) {
            regressed[t] = t != spike && logLevel[t] >= Math.log(1 + GateQualityBench.RULE) - 1e-9;
        }
        return new Hypothesis(logLevel, regressed, Math.log(prior));
    }

    /** For each run, the posterior probability (from it and the runs before it) that the series is regressed there. */
    static double[] posterior(Series s, List<Hypothesis> hypotheses) {
        int n = hypotheses.size();
        double[] logLikelihood = new double[n];
        for (int h = 0; h < n; h++) {
            logLikelihood[h] = hypotheses.get(h).logPrior();
        }
        double[] posterior = new double[GateQualityBench.RUNS];
        for (int t = 0; t < GateQualityBench.RUNS; t++) {
            double y = Math.log(s.values()[t] / s.base());
            double max = Double.NEGATIVE_INFINITY;
            for (int h = 0; h < n; h++) {
                double z = (y - hypotheses.get(h).logLevel()[t]) / s.sigma();
                logLikelihood[h] -= z * z / 2;
                max = Math.max(max, logLikelihood[h]);
            }
            double total = 0;
            double regressed = 0;
            for (int h = 0; h < n; h++) {
                double w = Math.exp(logLikelihood[h] - max);
                total += w;
                regressed += hypotheses.get(h).regressed()[t] ? w : 0;
            }
            posterior[t] = regressed / total;
        }
        return posterior;
    }

    record Choice(double threshold, Score score) {
    }

    static void print(List<Series> corpus) {
        List<Hypothesis> hypotheses = hypotheses();
        double[] cvs = GateQualityBench.CVS;
        List<List<Choice>> perCv = new ArrayList<>();
        for (double cv : cvs) {
            List<Series> part = corpus.stream().filter(s -> s.cv() == cv).toList();
            java.util.Map<Series, double[]> posteriors = new java.util.IdentityHashMap<>();
            part.forEach(s -> posteriors.put(s, posterior(s, hypotheses)));
            List<Choice> choices = new ArrayList<>();
            for (double threshold : POSTERIOR_THRESHOLDS) {
                choices.add(new Choice(threshold, GateQualityBench.score(part, s -> decide(posteriors.get(s), threshold))));
            }
            perCv.add(choices);
        }
        Choice[] best = null;
        int bestCaught = -1;
        for (Choice a : perCv.get(0)) {
            for (Choice b : perCv.get(1)) {
                for (Choice c : perCv.get(2)) {
                    Score sum = sum(new Choice[] {a, b, c});
                    if (sum.falseFails() <= FALSE_FAIL_BUDGET * sum.negatives() && sum.caught() > bestCaught) {
                        bestCaught = sum.caught();
                        best = new Choice[] {a, b, c};
                    }
                }
            }
        }
        System.out.printf(Locale.ROOT, "Upper bound (OracleBound): the Bayes decision of a gate told each series' true level, its noise and how"
                + " the corpus is made, at <= %.0f %% false FAILs:%n%n", 100 * FALSE_FAIL_BUDGET);
        System.out.println("| gate | recall | false FAIL rate | precision | F1 | +5 % step FAILed | +10 % step at CV 5 %, caught within 3 runs | A/A at CV 8 %: false FAILs | spike runs FAILed |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        System.out.println(sum(best).row("oracle (knows level, noise and the corpus; not a real gate)"));
        System.out.println();
        System.out.println("| noise | FAIL when P(regressed) > | recall | false FAILs | +5 % step series FAILed |");
        System.out.println("|---|---|---|---|---|");
        for (int i = 0; i < cvs.length; i++) {
            Score s = best[i].score();
            System.out.printf(Locale.ROOT, "| CV %.0f %% | %.3f | %.2f (%d / %d) | %d / %d | %d / %d |%n", 100 * cvs[i], best[i].threshold(),
                    s.recall(), s.caught(), s.regressions(), s.falseFails(), s.negatives(), s.stepFiveFailed(), s.stepFive());
        }
    }

    private static CheckStatus[] decide(double[] posterior, double threshold) {
        CheckStatus[] status = new CheckStatus[posterior.length];
        for (int t = 0; t < posterior.length; t++) {
            status[t] = t >= GateQualityBench.HISTORY && posterior[t] > threshold ? CheckStatus.FAIL : CheckStatus.PASS;
        }
        return status;
    }

    private static Score sum(Choice[] choices) {
        int[] f = new int[13];
        for (Choice c : choices) {
            Score s = c.score();
            int[] v = {s.regressions(), s.caught(), s.negatives(), s.falseFails(), s.trueFails(), s.stepFive(), s.stepFiveFailed(),
                s.tenAtFive(), s.tenAtFiveCaught(), s.aaEight(), s.aaEightFails(), s.spikes(), s.spikeFails()};
            for (int i = 0; i < f.length; i++) {
                f[i] += v[i];
            }
        }
        return new Score(f[0], f[1], f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9], f[10], f[11], f[12]);
    }
}
