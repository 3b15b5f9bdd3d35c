package dev.perfgate.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Function;

import dev.perfgate.check.BaselineValue;
import dev.perfgate.check.ChangePoints;
import dev.perfgate.check.CheckResult;
import dev.perfgate.check.CheckStatus;
import dev.perfgate.check.Evaluator;
import dev.perfgate.check.GrowthHistory;
import dev.perfgate.check.GrowthHistory.Past;
import dev.perfgate.check.GrowthHistory.Standing;
import dev.perfgate.check.Measurement;
import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.Rule;
import dev.perfgate.definition.ValueSource;

/**
 * Gate quality on a seeded, labelled corpus: feeds every series run by run through the server's own
 * evaluator and baseline policy ({@link Evaluator}, {@link GrowthHistory}) and through the naive
 * bare-threshold rules, and prints recall, false FAIL rate and F1 as a Markdown table.
 *
 * <p>Corpus (issue 15's shape): for each run-to-run noise CV of 2, 5 and 8 % (log-normal), {@code series}
 * series of each kind: A/A (no change), persistent steps of +5/+10/+20/+50 % starting at a random run
 * (every second one fixed 3–4 runs later), one-run spikes of +30 %, and a slow creep of +2 % per run.
 * Each series has 14 runs; the first 5 are history. A run is regressed when its true level is ≥ +10 %
 * above the healthy level (a spike is a one-run disturbance, not a level). A regression is caught when
 * the gate FAILs at the latest on its third regressed run. The main table covers the issue's shape (A/A,
 * steps, spikes) and ends with {@link OracleBound}, the best any gate could do on it; the creep is judged
 * apart.
 */
public final class GateQualityBench {

    static final int RUNS = 14;
    static final int HISTORY = 5;
    static final double RULE = 0.10;
    static final double[] CVS = {0.02, 0.05, 0.08};
    static final String[] KINDS = {"A/A", "+5 % step", "+10 % step", "+20 % step", "+50 % step", "+30 % spike", "+2 %/run creep",
            "-30 % then back"};
    /** An improvement (-30 %) for 4 or 5 runs, then back to the old level: +43 % over the improved one, a regression. */
    static final String BACK = "-30 % then back";

    /** A labelled series; {@code base} and {@code sigma} (log-normal noise) are known only to the oracle. */
    record Series(String kind, double cv, double[] values, boolean[] regressed, boolean[] spike, double base, double sigma) {
    }

    /** A gate: given a series, its status per run (runs before HISTORY are not judged). */
    interface Gate extends Function<Series, CheckStatus[]> {
    }

    private GateQualityBench() {
    }

    public static void main(String[] args) {
        long seed = Long.getLong("seed", 2026);
        int perGroup = Integer.getInteger("series", 100);
        List<Series> corpus = corpus(seed, perGroup);
        System.out.printf(Locale.ROOT, "Corpus: seed %d, %d series, %d runs (%d judged)%n%n", seed, corpus.size(),
                corpus.size() * RUNS, corpus.size() * (RUNS - HISTORY));
        Map<String, Gate> gates = new java.util.LinkedHashMap<>();
        gates.put("naive: previous run (bare threshold)", s -> naive(s, 0));
        gates.put("naive: median of 5 good runs", s -> naive(s, 5));
        gates.put("naive: median of 10 good runs", s -> naive(s, 10));
        gates.put("PerfGate: previous run, noise-aware", s -> perfgate(s, 0));
        gates.put("**PerfGate: median of 5, noise-aware (default)**", s -> perfgate(s, 5));
        gates.put("PerfGate: median of 10, noise-aware", s -> perfgate(s, 10));
        // the issue's held-out corpus has A/A series, steps and spikes; the creep is judged on its own below
        List<Series> issueShaped = corpus.stream().filter(s -> !s.kind().endsWith("creep") && !s.kind().equals(BACK)).toList();
        List<Series> back = corpus.stream().filter(s -> s.kind().equals(BACK)).toList();
        List<Series> creep = corpus.stream().filter(s -> s.kind().endsWith("creep")).toList();
        System.out.printf(Locale.ROOT, "A/A series, steps and spikes (issue 15's shape): %d series%n%n", issueShaped.size());
        System.out.println("| gate | recall | false FAIL rate | precision | F1 | +5 % step FAILed | +10 % step at CV 5 %, caught within 3 runs | A/A at CV 8 %: false FAILs | spike runs FAILed |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        for (Map.Entry<String, Gate> gate : gates.entrySet()) {
            Score score = score(issueShaped, gate.getValue());
            System.out.println(score.row(gate.getKey()));
        }
        System.out.println();
        OracleBound.print(issueShaped);
        System.out.println();
        System.out.printf(Locale.ROOT, "A +2 %%/run creep (%d series; its runs cross +10 %% at the fifth step, the four before are +2 to +8.2 %%):%n%n",
                creep.size());
        caughtAndFalseFails(creep, gates, "creeps caught within 3 runs of crossing", "FAILs on runs before crossing");
        System.out.println();
        System.out.printf(Locale.ROOT, "An improvement of -30 %% for 4 or 5 runs, then back to the old level (%d series; the return is"
                + " +43 %% over the improved level, a regression until it is accepted):%n%n", back.size());
        caughtAndFalseFails(back, gates, "returns caught within 3 runs", "FAILs on the improved runs");
        System.out.println();
        System.out.println("Change points over each series' 14 runs (ChangePoints): series with at least one");
        System.out.println();
        System.out.println("| kind | CV 2 % | CV 5 % | CV 8 % |");
        System.out.println("|---|---|---|---|");
        for (String kind : KINDS) {
            StringBuilder row = new StringBuilder("| " + kind + " |");
            for (double cv : CVS) {
                int found = 0;
                int all = 0;
                for (Series s : corpus) {
                    if (s.kind().equals(kind) && s.cv() == cv) {
                        all++;
                        List<Double> values = java.util.Arrays.stream(s.values()).boxed().toList();
                        found += ChangePoints.of(values).isEmpty() ? 0 : 1;
                    }
                }
                row.append(' ').append(found).append(" / ").append(all).append(" |");
            }
            System.out.println(row);
        }
        if (Boolean.getBoolean("verbose")) {
            System.out.println();
            System.out.println("PerfGate default by group: false FAILs / judged non-regressed runs, caught / regressions");
            breakdown(corpus, s -> perfgate(s, 5));
        }
        String trace = System.getProperty("trace");
        if (trace != null) {
            for (Series s : corpus) {
                if (String.format(Locale.ROOT, "%s@%.0f", s.kind(), 100 * s.cv()).equals(trace)) {
                    CheckStatus[] status = perfgate(s, 5);
                    StringBuilder line = new StringBuilder();
                    for (int t = 0; t < RUNS; t++) {
                        line.append(String.format(Locale.ROOT, " %6.1f%s%s", s.values()[t], s.regressed()[t] ? "*" : " ",
                                status[t].name().charAt(0)));
                    }
                    System.out.println(line);
                }
            }
        }
    }

    /** A table of a kind judged apart: per gate, its regressions caught and its FAILs on the runs that are none. */
    static void caughtAndFalseFails(List<Series> series, Map<String, Gate> gates, String caught, String falseFails) {
        System.out.println("| gate | " + caught + " | " + falseFails + " |");
        System.out.println("|---|---|---|");
        for (Map.Entry<String, Gate> gate : gates.entrySet()) {
            Score score = score(series, gate.getValue());
            System.out.printf(Locale.ROOT, "| %s | %d / %d | %d / %d |%n", gate.getKey(), score.caught(), score.regressions(),
                    score.falseFails(), score.negatives());
        }
    }

    static List<Series> corpus(long seed, int perGroup) {
        Random first = new Random(seed);
        // the series added later draw from their own generator: the earlier kinds keep their numbers
        Random later = new Random(seed + 1);
        List<Series> corpus = new ArrayList<>();
        for (double cv : CVS) {
            double sigma = Math.sqrt(Math.log(1 + cv * cv));
            for (String kind : KINDS) {
                Random random = kind.equals(BACK) ? later : first;
                for (int i = 0; i < perGroup; i++) {
                    double[] level = new double[RUNS];
                    boolean[] spike = new boolean[RUNS];
                    java.util.Arrays.fill(level, 1.0);
                    if (kind.endsWith("step")) {
                        double step = Double.parseDouble(kind.substring(1, kind.indexOf(' '))) / 100;
                        int start = HISTORY + random.nextInt(5);
                        int end = i % 2 == 1 ? Math.min(RUNS, start + 3 + random.nextInt(2)) : RUNS;
                        for (int t = start; t < end; t++) {
                            level[t] = 1 + step;
                        }
                    } else if (kind.endsWith("spike")) {
                        int t = HISTORY + random.nextInt(RUNS - HISTORY - 1);
                        level[t] = 1.3;
                        spike[t] = true;
                    } else if (kind.equals(BACK)) {
                        int back = HISTORY + 4 + random.nextInt(2);
                        for (int t = HISTORY; t < back; t++) {
                            level[t] = 0.7;
                        }
                    } else if (kind.endsWith("creep")) {
                        for (int t = HISTORY; t < RUNS; t++) {
                            level[t] = Math.pow(1.02, t - HISTORY + 1);
                        }
                    }
                    double base = 20 + 180 * random.nextDouble();
                    double[] values = new double[RUNS];
                    boolean[] regressed = new boolean[RUNS];
                    for (int t = 0; t < RUNS; t++) {
                        values[t] = base * level[t] * Math.exp(sigma * random.nextGaussian());
                        // after an improvement, the old level is a regression against the new one
                        regressed[t] = !spike[t] && (kind.equals(BACK) ? t > HISTORY && level[t] > level[HISTORY] * (1 + RULE)
                                : level[t] >= 1 + RULE - 1e-9);
                    }
                    corpus.add(new Series(kind, cv, values, regressed, spike, base, sigma));
                }
            }
        }
        return corpus;
    }

    static final CheckDefinition P99 = new CheckDefinition("p99", "p99", "ms", new ValueSource.Results(null, null, "p99"),
            null, Rule.parse("<= +10%", true), 0, CheckDefinition.Severity.FAIL, false, "p99");

    /** The server's decision: the evaluator with the baseline the server's policy picks from the same history. */
    static CheckStatus[] perfgate(Series s, int medianOf) {
        CheckStatus[] status = new CheckStatus[RUNS];
        List<Past> newestFirst = new ArrayList<>();
        for (int t = 0; t < RUNS; t++) {
            String runId = String.valueOf(t + 1);
            if (t < HISTORY) {
                status[t] = CheckStatus.PASS;
                newestFirst.add(0, new Past("id" + runId, runId, s.values()[t], Standing.GOOD));
                continue;
            }
            GrowthHistory history = new GrowthHistory(newestFirst, 10);
            BaselineValue baseline = medianOf == 0 ? history.previous() : history.median(medianOf);
            CheckResult result = Evaluator.evaluate(P99, null, Measurement.of(s.values()[t]), baseline, history);
            status[t] = result.status();
            // the series has this one check: the run is good unless it FAILed (as VerdictService's History says)
            String decision = result.noise() == null ? null : result.noise().decision();
            Standing standing = Standing.of(false, result.status() != CheckStatus.FAIL, decision);
            newestFirst.add(0, new Past("id" + runId, runId, s.values()[t], standing));
        }
        return status;
    }

    /** The bare threshold: FAIL when the run is more than +10 % above the previous run or the median of the last N passing runs. */
    static CheckStatus[] naive(Series s, int medianOf) {
        CheckStatus[] status = new CheckStatus[RUNS];
        for (int t = 0; t < RUNS; t++) {
            if (t < HISTORY) {
                status[t] = CheckStatus.PASS;
                continue;
            }
            double baseline;
            if (medianOf == 0) {
                baseline = s.values()[t - 1];
            } else {
                List<Double> good = new ArrayList<>();
                for (int j = t - 1; j >= 0 && good.size() < medianOf; j--) {
                    if (status[j] == CheckStatus.PASS) {
                        good.add(s.values()[j]);
                    }
                }
                baseline = median(good);
            }
            status[t] = s.values()[t] / baseline - 1 > RULE ? CheckStatus.FAIL : CheckStatus.PASS;
        }
        return status;
    }

    static double median(List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        java.util.Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    record Score(int regressions, int caught, int negatives, int falseFails, int trueFails, int stepFive, int stepFiveFailed,
            int tenAtFive, int tenAtFiveCaught, int aaEight, int aaEightFails, int spikes, int spikeFails) {

        double recall() {
            return (double) caught / regressions;
        }

        double precision() {
            return trueFails + falseFails == 0 ? 0 : (double) trueFails / (trueFails + falseFails);
        }

        double f1() {
            double p = precision();
            double r = recall();
            return p + r == 0 ? 0 : 2 * p * r / (p + r);
        }

        String row(String name) {
            return String.format(Locale.ROOT, "| %s | %.2f | %.1f %% (%d / %d) | %.2f | %.2f | %d / %d | %d / %d | %d / %d | %d / %d |",
                    name, recall(), 100.0 * falseFails / negatives, falseFails, negatives, precision(), f1(), stepFiveFailed,
                    stepFive, tenAtFiveCaught, tenAtFive, aaEightFails, aaEight, spikeFails, spikes);
        }
    }

    static Score score(List<Series> corpus, Gate gate) {
        int regressions = 0, caught = 0, negatives = 0, falseFails = 0, trueFails = 0, stepFive = 0, stepFiveFailed = 0;
        int tenAtFive = 0, tenAtFiveCaught = 0, aaEight = 0, aaEightFails = 0, spikes = 0, spikeFails = 0;
        for (Series s : corpus) {
            CheckStatus[] status = gate.apply(s);
            boolean anyFail = false;
            for (int t = HISTORY; t < RUNS; t++) {
                boolean fail = status[t] == CheckStatus.FAIL;
                anyFail |= fail;
                if (s.spike()[t]) {
                    spikes++;
                    spikeFails += fail ? 1 : 0;
                } else if (s.regressed()[t]) {
                    trueFails += fail ? 1 : 0;
                } else {
                    negatives++;
                    falseFails += fail ? 1 : 0;
                }
                if (s.regressed()[t] && (t == HISTORY || !s.regressed()[t - 1])) {
                    regressions++;
                    boolean hit = caughtFrom(s, status, t);
                    caught += hit ? 1 : 0;
                    if (s.kind().equals("+10 % step") && s.cv() == 0.05) {
                        tenAtFive++;
                        tenAtFiveCaught += hit ? 1 : 0;
                    }
                }
                if (s.kind().equals("A/A") && s.cv() == 0.08) {
                    aaEight++;
                    aaEightFails += fail ? 1 : 0;
                }
            }
            if (s.kind().equals("+5 % step")) {
                stepFive++;
                stepFiveFailed += anyFail ? 1 : 0;
            }
        }
        return new Score(regressions, caught, negatives, falseFails, trueFails, stepFive, stepFiveFailed, tenAtFive,
                tenAtFiveCaught, aaEight, aaEightFails, spikes, spikeFails);
    }

    /** FAIL on one of the first three runs of the regression that starts at {@code start}. */
    static boolean caughtFrom(Series s, CheckStatus[] status, int start) {
        for (int t = start; t < Math.min(RUNS, start + 3) && s.regressed()[t]; t++) {
            if (status[t] == CheckStatus.FAIL) {
                return true;
            }
        }
        return false;
    }

    static void breakdown(List<Series> corpus, Gate gate) {
        Map<String, int[]> groups = new TreeMap<>();
        for (Series s : corpus) {
            CheckStatus[] status = gate.apply(s);
            int[] g = groups.computeIfAbsent(String.format(Locale.ROOT, "%-15s CV %2.0f %%", s.kind(), 100 * s.cv()), k -> new int[4]);
            for (int t = HISTORY; t < RUNS; t++) {
                if (!s.regressed()[t] && !s.spike()[t]) {
                    g[1]++;
                    g[0] += status[t] == CheckStatus.FAIL ? 1 : 0;
                }
                if (s.regressed()[t] && (t == HISTORY || !s.regressed()[t - 1])) {
                    g[3]++;
                    g[2] += caughtFrom(s, status, t) ? 1 : 0;
                }
            }
        }
        groups.forEach((k, g) -> System.out.printf(Locale.ROOT, "  %s  false FAIL %3d / %3d   caught %2d / %2d%n", k, g[0], g[1], g[2], g[3]));
    }
}
