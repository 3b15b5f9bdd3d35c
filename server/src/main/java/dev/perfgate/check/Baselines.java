package dev.perfgate.check;

import java.util.ArrayList;
import java.util.List;

import dev.perfgate.definition.GateDefinition.BaselineStrategy;

/**
 * What each check is compared with: one pure method per baseline strategy, over the earlier judged runs of the
 * series, newest first. No I/O: {@link JudgedHistory} reads the runs, this decides.
 */
final class Baselines {

    private Baselines() {
    }

    /** The key of a check's value: its fingerprint, and the request when it is judged per request. */
    static String key(String fingerprint, String request) {
        return request == null ? fingerprint : fingerprint + "|" + request;
    }

    /** The previous valid run with this check measured the same way. */
    static BaselineValue previous(List<PastRun> newestFirst, String key) {
        for (PastRun run : newestFirst) {
            Double value = run.value(key);
            if (value != null) {
                return new BaselineValue(run.id(), "run " + run.runId(), value);
            }
        }
        return null;
    }

    /** The median of the last {@code runs} good runs: a regression not accepted never enters it. */
    static BaselineValue median(List<PastRun> newestFirst, String key, int runs) {
        List<PastRun> used = good(newestFirst, key, runs);
        if (used.isEmpty()) {
            return null;
        }
        PastRun newest = used.get(0);
        String label = used.size() == 1 ? "run " + newest.runId()
                : "median of " + used.size() + " runs (" + used.get(used.size() - 1).runId() + "–" + newest.runId() + ")";
        return new BaselineValue(newest.id(), label, Noise.median(used.stream().map(r -> r.value(key)).toList()));
    }

    /** The pinned run's value, however old the run; null without a pin or without the value. */
    static BaselineValue pinned(PastRun pin, String key) {
        Double value = pin == null ? null : pin.value(key);
        return value == null ? null : new BaselineValue(pin.id(), "pinned run " + pin.runId(), value);
    }

    /** Values of the last {@code runs} good runs, newest first: the noise band. */
    static List<Double> noise(List<PastRun> newestFirst, String key, int runs) {
        return good(newestFirst, key, runs).stream().map(r -> r.value(key)).toList();
    }

    /**
     * One check's earlier runs with a value, newest first, each with how it stands: the growth decision's history,
     * whose baselines leave out runs still suspected (see {@link GrowthHistory}).
     */
    static GrowthHistory growth(List<PastRun> newestFirst, String key, int noiseRuns) {
        List<GrowthHistory.Past> past = new ArrayList<>();
        for (PastRun run : newestFirst) {
            Double value = run.value(key);
            if (value != null) {
                past.add(new GrowthHistory.Past(run.id(), run.runId(), value, run.standing(key)));
            }
        }
        return new GrowthHistory(past, noiseRuns);
    }

    /** The strategy's baseline over the growth history; a pin without the value falls back to the previous run. */
    static BaselineValue of(BaselineStrategy strategy, GrowthHistory growth, PastRun pin, int medianRuns, String key) {
        return switch (strategy) {
            case PREVIOUS -> growth.previous();
            case MEDIAN -> growth.median(medianRuns);
            case PINNED -> {
                BaselineValue pinned = pinned(pin, key);
                yield pinned != null ? pinned : growth.previous();
            }
        };
    }

    /** The strategy's baseline; a pin without the value falls back to the previous run. */
    static BaselineValue of(BaselineStrategy strategy, List<PastRun> newestFirst, PastRun pin, int medianRuns, String key) {
        return switch (strategy) {
            case PREVIOUS -> previous(newestFirst, key);
            case MEDIAN -> median(newestFirst, key, medianRuns);
            case PINNED -> {
                BaselineValue pinned = pinned(pin, key);
                yield pinned != null ? pinned : previous(newestFirst, key);
            }
        };
    }

    /** The run whose profiles this run's are compared with: the pinned run, the newest good run (median), else the previous. */
    static PastRun profileBaseline(BaselineStrategy strategy, List<PastRun> newestFirst, PastRun pin) {
        if (strategy == BaselineStrategy.PINNED && pin != null) {
            return pin;
        }
        if (strategy == BaselineStrategy.MEDIAN) {
            return newestFirst.stream().filter(PastRun::good).findFirst().orElse(null);
        }
        return newestFirst.isEmpty() ? null : newestFirst.get(0);
    }

    private static List<PastRun> good(List<PastRun> newestFirst, String key, int runs) {
        List<PastRun> used = new ArrayList<>();
        for (PastRun run : newestFirst) {
            if (run.good() && run.value(key) != null) {
                used.add(run);
                if (used.size() == runs) {
                    break;
                }
            }
        }
        return used;
    }
}
