package dev.perfgate.profile;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

import lombok.AccessLevel;
import lombok.RequiredArgsConstructor;

import org.hipparchus.distribution.continuous.NormalDistribution;
import org.hipparchus.distribution.discrete.HypergeometricDistribution;

/**
 * The per-function difference between a baseline profile and a run profile, ranked so that the functions that
 * grew most come first: by change of self share (points), then by change per request. Pure.
 */
@RequiredArgsConstructor(access = AccessLevel.PRIVATE)
public final class ProfileDiff {

    static final Comparator<FunctionChange> RANKING = Comparator
            .comparingDouble(FunctionChange::selfShareDelta).reversed()
            .thenComparing(Comparator.comparingDouble((FunctionChange c) ->
                    c.selfPerRequestDelta().orElse(0)).reversed())
            .thenComparing(FunctionChange::name);

    /** Standard errors a share growth must exceed to count as more than sampling noise. */
    static final double SIGNIFICANCE_Z = 3;
    /** The one-sided chance of {@link #SIGNIFICANCE_Z} standard errors, for the exact test of small counts. */
    static final double SIGNIFICANCE_P = 0.00135;
    /** Up to this many samples of a function in both profiles together, its growth is tested exactly. */
    static final long EXACT_TEST_SAMPLES = 2_000;
    /**
     * Fewer self samples than this in the run are no evidence of a hotspot, whatever the test says: the tests assume
     * independent samples, but a sampler hits one request on the CPU for 40 ms twice at 20 ms, so a handful of
     * samples can be one or two requests.
     */
    static final long MIN_RUN_SAMPLES = 10;
    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(0, 1);
    /**
     * Measured amounts (allocated bytes, nanoseconds) have no sample count to test, and an allocation profile's bytes
     * come in TLAB-sized lumps: a function with three events can double by chance. Without the event counts, a
     * function's growth counts only when its share of the run is at least this many percent…
     */
    static final double MIN_MEASURED_SHARE = 5.0;
    /** …its share grew by at least this many points… */
    static final double MIN_MEASURED_POINTS = 3.0;
    /** …and its share is at least this many times its share of the baseline (a new function always is). */
    static final double MIN_MEASURED_RATIO = 1.6;
    /** Units whose raw values are counts of independent events, which the sampling tests apply to. */
    private static final Set<String> COUNTED = Set.of("samples", "objects");

    private final List<FunctionChange> changes;
    private final Quantity quantity;
    private final long baselineSamples;
    private final long runSamples;

    /** The event counts behind measured amounts (an allocation profile's objects), when known. */
    private final ProfileDiff events;
    /** The one-sided chance a growth must be below to count: {@link #SIGNIFICANCE_P}, or less when corrected. */
    private final double significance;

    public static ProfileDiff between(Profile baseline, Workload baselineLoad, Profile run, Workload runLoad) {
        Map<String, FunctionStat> before = byName(ProfileAnalysis.functions(baseline, baselineLoad));
        Map<String, FunctionStat> after = byName(ProfileAnalysis.functions(run, runLoad));
        Set<String> names = new HashSet<>(before.keySet());
        names.addAll(after.keySet());
        List<FunctionChange> changes = names.stream()
                .map(name -> change(name, before.get(name), after.get(name), baseline, baselineLoad, run, runLoad))
                .sorted(RANKING)
                .toList();
        boolean sampled = COUNTED.contains(run.quantity().rawUnit()) && COUNTED.contains(baseline.quantity().rawUnit());
        return new ProfileDiff(changes, run.quantity(), sampled ? baseline.numTicks() : 0, sampled ? run.numTicks() : 0,
                null, SIGNIFICANCE_P);
    }

    /**
     * This diff of measured amounts with the event counts behind them: an allocated-bytes profile with the same
     * window's allocated-objects profile, whose values count the allocation events (one per sampled TLAB or
     * outside-TLAB allocation). A function's bytes then grew beyond noise only when its event count did, by the same
     * tests as CPU samples, corrected for testing every function at once (Bonferroni: the chance divided by the
     * number of functions with {@link #MIN_RUN_SAMPLES} events in the run; uncorrected, 40 functions of a clean pair
     * with thousands of events each named one in 18 pairs). A diff of counts already is its own event count.
     */
    public ProfileDiff withEvents(Profile baselineEvents, Workload baselineLoad, Profile runEvents, Workload runLoad) {
        if (baselineSamples > 0) {
            return this;
        }
        ProfileDiff counted = between(baselineEvents, baselineLoad, runEvents, runLoad);
        if (counted.baselineSamples <= 0 || counted.runSamples <= 0) {
            return this;
        }
        return new ProfileDiff(changes, quantity, baselineSamples, runSamples, counted.corrected(), significance);
    }

    private static FunctionChange change(String name, FunctionStat before, FunctionStat after, Profile baseline,
                                         Workload baselineLoad, Profile run, Workload runLoad) {
        if (before == null) {
            return new FunctionChange(name, FunctionChange.Kind.NEW,
                    FunctionStat.absent(name, baseline.quantity(), baselineLoad), after);
        }
        if (after == null) {
            return new FunctionChange(name, FunctionChange.Kind.VANISHED, before,
                    FunctionStat.absent(name, run.quantity(), runLoad));
        }
        return new FunctionChange(name, FunctionChange.Kind.CHANGED, before, after);
    }

    private static Map<String, FunctionStat> byName(List<FunctionStat> stats) {
        Map<String, FunctionStat> map = new HashMap<>();
        stats.forEach(stat -> map.put(stat.name(), stat));
        return map;
    }

    /** All functions of either profile, biggest growth first, biggest shrink last. */
    public List<FunctionChange> changes() {
        return changes;
    }

    /**
     * The {@code n} application functions whose self share grew beyond sampling noise and whose cost per request (or,
     * without request counts, raw self) grew too, biggest growth first: the culprits. A share that rose only because
     * the rest shrank explains no growth, and neither does noise, so a run with nothing grown names nothing. Runtime frames
     * (JDK, JVM, native; see {@link RuntimeFrames}) left with self of their own ran without application code on
     * their stack, such as idle pool threads waiting in a wall-clock profile or the JIT compiler, so they are not
     * named; their growth is still in {@link #changes()} and counts for {@link #maxSignificantSelfShareGrowth()}.
     */
    public List<FunctionChange> grown(int n) {
        return changes.stream().filter(c -> !RuntimeFrames.isRuntime(c.name()) && beyondNoise(c)
                && c.selfPerRequestDelta().orElse(c.selfDelta()) > 0).limit(n).toList();
    }

    /**
     * The largest growth of a function's self share, in points, among the growths that exceed sampling noise. For
     * sampled profiles (CPU, wall) a growth counts only when it is more than {@link #SIGNIFICANCE_Z} standard errors
     * of the difference of two sampled proportions, {@code sqrt(p1(1-p1)/n1 + p2(1-p2)/n2)}, or, for up to
     * {@link #EXACT_TEST_SAMPLES} samples of the function, as unlikely by Fisher's exact test: a 25-second run with a
     * few hundred samples moves a 10 % function by 2-3 points by chance alone, a real hotspot moves it by tens.
     * Profiles of measured amounts (bytes, nanoseconds) are tested on their event counts when given
     * ({@link #withEvents}), else by the conservative rule of {@link #MIN_MEASURED_SHARE}. 0 when nothing grew beyond
     * noise.
     */
    public double maxSignificantSelfShareGrowth() {
        return maxSignificantSelfShareGrowth(name -> true);
    }

    /** As {@link #maxSignificantSelfShareGrowth()}, among the functions {@code among} accepts only. */
    public double maxSignificantSelfShareGrowth(Predicate<String> among) {
        return changes.stream().filter(c -> among.test(c.name())).filter(this::beyondNoise)
                .mapToDouble(FunctionChange::selfShareDelta).max().orElse(0);
    }

    private boolean beyondNoise(FunctionChange change) {
        double delta = change.selfShareDelta();
        if (delta <= 0) {
            return false;
        }
        if (baselineSamples <= 0 || runSamples <= 0) {
            return measuredBeyondNoise(change);
        }
        long before = change.baseline().self();
        long after = change.run().self();
        if (after < MIN_RUN_SAMPLES) {
            return false;
        }
        if (before + after <= EXACT_TEST_SAMPLES && baselineSamples + runSamples <= Integer.MAX_VALUE) {
            return exactlySignificant(before, after);
        }
        double p1 = change.baseline().selfShare() / 100;
        double p2 = change.run().selfShare() / 100;
        double standardError = 100 * Math.sqrt(p1 * (1 - p1) / baselineSamples + p2 * (1 - p2) / runSamples);
        double z = significance == SIGNIFICANCE_P ? SIGNIFICANCE_Z
                : STANDARD_NORMAL.inverseCumulativeProbability(1 - significance);
        return delta > z * standardError;
    }

    /** See {@link #MIN_MEASURED_SHARE}; with event counts, the function's events must have grown beyond noise. */
    private boolean measuredBeyondNoise(FunctionChange change) {
        if (events != null) {
            return events.change(change.name()).filter(events::beyondNoise).isPresent();
        }
        double before = change.baseline().selfShare();
        double after = change.run().selfShare();
        return after >= MIN_MEASURED_SHARE && after - before >= MIN_MEASURED_POINTS
                && (before <= 0 || after / before >= MIN_MEASURED_RATIO);
    }

    /**
     * Fisher's exact test, one-sided: the chance that, of the {@code before + after} samples of the function, the run
     * got {@code after} or more by its share of all samples alone. The normal approximation fails on few samples
     * (a function at 0 of 16 samples, then at 2 of 2, is "+100 points" and 6 standard errors by it); the demo's
     * request path has a few dozen CPU samples in a short run.
     */
    private boolean exactlySignificant(long before, long after) {
        var draws = new HypergeometricDistribution((int) (baselineSamples + runSamples), (int) (before + after),
                (int) runSamples);
        return draws.upperCumulativeProbability((int) after) < significance;
    }

    /**
     * This diff with its tests corrected for testing all its functions at once (Bonferroni over those with
     * {@link #MIN_RUN_SAMPLES} or more in the run): for a diff of many aggregates, such as packages.
     */
    ProfileDiff corrected() {
        if (baselineSamples <= 0 || runSamples <= 0) {
            return this;
        }
        long tested = Math.max(1, changes.stream().filter(c -> c.run().self() >= MIN_RUN_SAMPLES).count());
        return new ProfileDiff(changes, quantity, baselineSamples, runSamples, events, SIGNIFICANCE_P / tested);
    }

    public Optional<FunctionChange> change(String name) {
        return changes.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** One line with the numbers per grown function, e.g. {@code … self CPU 0.6 % → 88.1 % (+7,168 samples, +12.4 ms per request)}. */
    public List<String> explain(ProfileType type, int maxLines) {
        return grown(maxLines).stream().map(c -> ProfileWording.line(c, type, quantity)).toList();
    }

    /** As {@link #explain(ProfileType, int)}, CPU lines extended with the yearly cost of the change. */
    public List<String> explain(ProfileType type, int maxLines, CoreHourCost cost) {
        return grown(maxLines).stream()
                .map(c -> ProfileWording.line(c, type, quantity) + (type.isCpu()
                        ? cost.describe(c).map(text -> "; " + text).orElse("") : ""))
                .toList();
    }
}
