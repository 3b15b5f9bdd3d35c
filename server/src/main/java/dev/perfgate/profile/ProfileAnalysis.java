package dev.perfgate.profile;

import java.util.Comparator;
import java.util.List;

/** Per-function statistics of one profile. Pure functions. */
public final class ProfileAnalysis {

    static final Comparator<FunctionStat> BY_SELF = Comparator.comparingLong(FunctionStat::self).reversed()
            .thenComparing(FunctionStat::name);
    static final Comparator<FunctionStat> BY_TOTAL = Comparator.comparingLong(FunctionStat::total).reversed()
            .thenComparing(FunctionStat::name);

    private ProfileAnalysis() {
    }

    /** Every function of the profile (the synthetic root excluded), largest self first. */
    public static List<FunctionStat> functions(Profile profile, Workload workload) {
        return FunctionTable.of(profile).entries().values().stream()
                .map(e -> FunctionStat.of(e.name(), e.self(), e.total(), profile.numTicks(), profile.quantity(),
                        workload))
                .sorted(BY_SELF)
                .toList();
    }

    /** The {@code n} functions with the largest self value; ties by name. */
    public static List<FunctionStat> topBySelf(Profile profile, Workload workload, int n) {
        return functions(profile, workload).stream().limit(n).toList();
    }

    /** The {@code n} functions with the largest total value; ties by name. */
    public static List<FunctionStat> topByTotal(Profile profile, Workload workload, int n) {
        return functions(profile, workload).stream().sorted(BY_TOTAL).limit(n).toList();
    }
}
