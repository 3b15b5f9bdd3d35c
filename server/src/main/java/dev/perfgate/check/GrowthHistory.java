package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;

import dev.perfgate.definition.GateDefinition.BaselineStrategy;

/**
 * One check's earlier runs of a series, newest first, as the growth decision sees them, and the baseline each
 * strategy takes from them: pure, no I/O ({@link JudgedHistory} reads the runs).
 * It chooses the baselines and the noise sample so that neither is biased by the rule itself:
 * a suspected run (a WARN inside the noise) waits outside the baseline until the next run either
 * repeats it (then it was a regression) or does not (then it was noise and counts as a good run).
 *
 * @param runs       the earlier runs with a value for this check, newest first
 * @param noiseRuns  how many good runs the noise is measured on
 */
public record GrowthHistory(List<Past> runs, int noiseRuns) {

    /** How an earlier run stands for this check. */
    public enum Standing {
        /** Passed (or its regression was accepted): may stand for the normal state of the series. */
        GOOD,
        /** Broke the growth rule inside the noise: WARN, waiting for the next run. */
        SUSPECTED,
        /** Kept the rule but lay beyond 2 sd of the noise: PASS, kept out of the baseline for a few runs. */
        ELEVATED,
        /** A regression (FAIL): never in a median; under {@code previous} (Perfana's rule) the next run's baseline. */
        REGRESSED,
        /** A regression an admin denied (it is real): never a baseline of any kind. */
        DENIED;

        /** A regression, denied or not yet reviewed. */
        boolean regressed() {
            return this == REGRESSED || this == DENIED;
        }

        /**
         * How a run stands for one check: a reviewed run as its review says, else as the growth decision left the
         * check ({@link GrowthDecision#SUSPECTED}, {@link GrowthDecision#ELEVATED}, or null) and whether the run as
         * a whole may stand for the normal state (passed, or its regression was accepted).
         */
        public static Standing of(boolean reviewed, boolean runGood, String decision) {
            if (reviewed) {
                return runGood ? GOOD : DENIED;
            }
            if (GrowthDecision.SUSPECTED.equals(decision)) {
                return SUSPECTED;
            }
            if (!runGood) {
                return REGRESSED;
            }
            return GrowthDecision.ELEVATED.equals(decision) ? ELEVATED : GOOD;
        }
    }

    /** One earlier run: PerfGate's id, the run id people read, this check's value and how the run stands. */
    public record Past(String id, String runId, double value, Standing standing) {
    }

    /** How many suspected runs in a row (before the current one) may be confirmed together. */
    static final int MAX_OPEN = 2;
    /**
     * How many runs a suspected or elevated run stays out of the baseline: as long as a regression has to be
     * caught (by its third run); a level that stayed inside the rule that long becomes the normal one.
     */
    static final int WINDOW = 3;

    public GrowthHistory {
        runs = List.copyOf(runs);
    }

    /** One check's history: the runs of {@code newestFirst} that measured {@code key}, each as it stands for it. */
    static GrowthHistory of(List<PastRun> newestFirst, String key, int noiseRuns) {
        List<Past> past = new ArrayList<>();
        for (PastRun run : newestFirst) {
            PastRun.Check check = run.check(key);
            if (check != null) {
                past.add(new Past(run.id(), run.runId(), check.value(), check.standing()));
            }
        }
        return new GrowthHistory(past, noiseRuns);
    }

    /** A history of good runs only, without ids (older callers, tests with plain numbers). */
    public static GrowthHistory ofGoodValues(List<Double> newestFirst) {
        List<Past> runs = new ArrayList<>();
        for (int i = 0; i < newestFirst.size(); i++) {
            runs.add(new Past(null, "#" + (i + 1), newestFirst.get(i), Standing.GOOD));
        }
        return new GrowthHistory(runs, Math.max(newestFirst.size(), 1));
    }

    /**
     * The runs a broken rule now may confirm, newest first: the previous {@value #MAX_OPEN} runs back to the
     * oldest suspected one among them (two of three runs beyond the rule, as the Western Electric rules
     * have it), none of them a regression; empty when none of them was suspected.
     */
    public List<Past> openSuspicion() {
        int oldest = -1;
        for (int i = 0; i < Math.min(MAX_OPEN, runs.size()); i++) {
            Standing standing = runs.get(i).standing();
            if (standing.regressed()) {
                break;
            }
            if (standing == Standing.SUSPECTED) {
                oldest = i;
            }
        }
        return List.copyOf(runs.subList(0, oldest + 1));
    }

    /**
     * The runs that stand for the normal state, newest first, at most {@code limit}: good runs outside the
     * open suspicion, and suspected or elevated runs that were never confirmed once they are too old to be
     * ({@value #MAX_OPEN} runs for a suspected one, {@value #WINDOW} for an elevated one). A change is thus
     * compared with the level before it (a regressed run that happens to pass does not pull the baseline
     * up), and a noise-high run that was only suspected still counts in the end (a baseline of passing runs
     * alone would be biased low).
     */
    public List<Past> good(int limit) {
        List<Past> good = new ArrayList<>();
        for (int i = openSuspicion().size(); i < runs.size() && good.size() < limit; i++) {
            Past p = runs.get(i);
            boolean confirmed = i > 0 && runs.get(i - 1).standing().regressed();
            boolean settled = switch (p.standing()) {
                case GOOD -> true;
                case SUSPECTED -> i >= MAX_OPEN && !confirmed;
                case ELEVATED -> i >= WINDOW && !confirmed;
                case REGRESSED, DENIED -> false;
            };
            if (settled) {
                good.add(p);
            }
        }
        return good;
    }

    private static boolean pending(Past p) {
        return p.standing() == Standing.SUSPECTED || p.standing() == Standing.ELEVATED;
    }

    /** The values the noise is measured on: the last {@code noiseRuns} good runs (a higher value is worse). */
    public List<Double> noiseValues() {
        return noiseValues(true);
    }

    /**
     * The values the noise is measured on: the last {@code noiseRuns} good runs, since an improvement among them
     * ({@link Noise#currentLevel}; {@code higherIsWorse} says which way is better).
     */
    public List<Double> noiseValues(boolean higherIsWorse) {
        return Noise.currentLevel(good(noiseRuns).stream().map(Past::value).toList(), higherIsWorse);
    }

    /** The median of the last {@code count} good runs; null when there is none. */
    public BaselineValue median(int count) {
        List<Past> used = good(count);
        if (used.isEmpty()) {
            return null;
        }
        String label = used.size() == 1 ? "run " + used.get(0).runId()
                : "median of " + used.size() + " runs (" + used.get(used.size() - 1).runId() + "–" + used.get(0).runId() + ")";
        return new BaselineValue(used.get(0).id(), label, Noise.median(used.stream().map(Past::value).toList()));
    }

    /**
     * What the check is compared with under {@code strategy}: the previous run, the median of the last
     * {@code medianRuns} good runs, or the pinned run's value however old the run; a pin without the value (or no
     * pin) falls back to the previous run.
     */
    BaselineValue baseline(BaselineStrategy strategy, int medianRuns, PastRun pin, String key) {
        return switch (strategy) {
            case PREVIOUS -> previous();
            case MEDIAN -> median(medianRuns);
            case PINNED -> {
                PastRun.Check pinned = pin == null ? null : pin.check(key);
                yield pinned != null ? new BaselineValue(pin.id(), "pinned run " + pin.runId(), pinned.value()) : previous();
            }
        };
    }

    /**
     * The previous run (Perfana's rule: a failed one too, so a fix shows as a drop), or the run before suspected or
     * elevated ones (the level before a suspected change); never a run whose regression an admin denied. Null when none.
     */
    public BaselineValue previous() {
        for (int i = 0; i < runs.size(); i++) {
            Past p = runs.get(i);
            if (p.standing() != Standing.DENIED && (!pending(p) || i >= WINDOW)) {
                return new BaselineValue(p.id(), "run " + p.runId(), p.value());
            }
        }
        return null;
    }
}
