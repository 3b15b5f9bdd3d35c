package dev.perfgate.profile;

import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The per-function difference between a baseline profile and a run profile, ranked so that the functions that
 * grew most come first: by change of self share (points), then by change per request. Pure.
 */
public final class ProfileDiff {

    static final Comparator<FunctionChange> RANKING = Comparator
            .comparingDouble(FunctionChange::selfShareDelta).reversed()
            .thenComparing(Comparator.comparingDouble((FunctionChange c) ->
                    c.selfPerRequestDelta().orElse(0)).reversed())
            .thenComparing(FunctionChange::name);

    private final List<FunctionChange> changes;
    private final Quantity quantity;

    private ProfileDiff(List<FunctionChange> changes, Quantity quantity) {
        this.changes = changes;
        this.quantity = quantity;
    }

    public static ProfileDiff between(Profile baseline, Workload baselineLoad, Profile run, Workload runLoad) {
        Map<String, FunctionStat> before = byName(ProfileAnalysis.functions(baseline, baselineLoad));
        Map<String, FunctionStat> after = byName(ProfileAnalysis.functions(run, runLoad));
        Set<String> names = new HashSet<>(before.keySet());
        names.addAll(after.keySet());
        List<FunctionChange> changes = names.stream()
                .map(name -> change(name, before.get(name), after.get(name), baseline, baselineLoad, run, runLoad))
                .sorted(RANKING)
                .toList();
        return new ProfileDiff(changes, run.quantity());
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

    /** The {@code n} functions whose self share grew, biggest growth first. */
    public List<FunctionChange> grown(int n) {
        return changes.stream().filter(c -> c.selfShareDelta() > 0).limit(n).toList();
    }

    public Optional<FunctionChange> change(String name) {
        return changes.stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /** One line with the numbers per grown function, e.g. {@code … self CPU 0.6 % → 88.1 % (+7,168 samples, +12.4 ms per request)}. */
    public List<String> explain(ProfileType type, int maxLines) {
        return grown(maxLines).stream().map(c -> Explanations.line(c, type, quantity)).toList();
    }

    /** As {@link #explain(ProfileType, int)}, CPU lines extended with the yearly cost of the change. */
    public List<String> explain(ProfileType type, int maxLines, CoreHourCost cost) {
        return grown(maxLines).stream()
                .map(c -> Explanations.line(c, type, quantity) + (type.isCpu()
                        ? cost.describe(c).map(text -> "; " + text).orElse("") : ""))
                .toList();
    }
}
