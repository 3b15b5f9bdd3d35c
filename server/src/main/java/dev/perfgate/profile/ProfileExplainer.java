package dev.perfgate.profile;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

import lombok.RequiredArgsConstructor;

/**
 * Fetches a run's profile (and its baseline's), and turns them into a {@link ProfileReport}. The only I/O is the
 * {@link ProfileSource}; links, statistics and the diff are pure. A failed fetch gives an INCONCLUSIVE report with
 * the fetch's reason — never a silent pass.
 */
@RequiredArgsConstructor
public final class ProfileExplainer {

    private final ProfileSource source;
    private final int topN;
    private final Optional<CoreHourCost> cost;

    /** Report of a run alone (first run, no baseline): flamegraph link and top functions. */
    public ProfileReport profile(PyroscopeTarget target, ProfileType type, ProfiledRun run) {
        String flamegraph = ProfileLinks.flamegraph(target, type, run.selection());
        ProfileFetch fetched = source.fetch(target, type, run.selection());
        if (!(fetched instanceof ProfileFetch.Ok ok)) {
            return inconclusive(type, "run " + fetched.reason(), flamegraph, Optional.empty(), Optional.empty(),
                    List.of());
        }
        List<FunctionStat> top = ProfileAnalysis.topBySelf(ok.profile(), run.workload(), topN);
        return new ProfileReport(type, ProfileReport.Status.PROFILED, summary(type, ok.profile(), top), flamegraph,
                Optional.empty(), Optional.empty(), top, List.of(), List.of());
    }

    /** Report of a run against a baseline: links to flamegraph, diff and comparison, ranked changes, explanations. */
    public ProfileReport compare(PyroscopeTarget target, ProfileType type, ProfiledRun baseline, ProfiledRun run) {
        String flamegraph = ProfileLinks.flamegraph(target, type, run.selection());
        Optional<String> diff = Optional.of(ProfileLinks.diff(target, type, baseline.selection(), run.selection()));
        Optional<String> comparison = Optional.of(
                ProfileLinks.comparison(target, type, baseline.selection(), run.selection()));
        ProfileFetch runFetch = source.fetch(target, type, run.selection());
        if (!(runFetch instanceof ProfileFetch.Ok runOk)) {
            return inconclusive(type, "run " + runFetch.reason(), flamegraph, diff, comparison, List.of());
        }
        List<FunctionStat> top = ProfileAnalysis.topBySelf(runOk.profile(), run.workload(), topN);
        ProfileFetch baselineFetch = source.fetch(target, type, baseline.selection());
        if (!(baselineFetch instanceof ProfileFetch.Ok baselineOk)) {
            return inconclusive(type, "baseline " + baselineFetch.reason(), flamegraph, diff, comparison, top);
        }
        ProfileDiff profileDiff = diff(target, type, baseline, baselineOk.profile(), run, runOk.profile());
        List<String> lines = cost.map(c -> profileDiff.explain(type, topN, c))
                .orElseGet(() -> profileDiff.explain(type, topN));
        return new ProfileReport(type, ProfileReport.Status.EXPLAINED, summary(type, runOk.profile(), top), flamegraph,
                diff, comparison, top, profileDiff.changes(), lines);
    }

    /**
     * The diff of two fetched profiles; allocated bytes with the allocation event counts of the same windows (the
     * agent sends allocated objects with allocated bytes; see {@link ProfileDiff#withEvents}), read even when the
     * target does not list them, and without them the conservative rule for measured amounts.
     */
    public ProfileDiff diff(PyroscopeTarget target, ProfileType type, ProfiledRun baseline, Profile baselineProfile,
                            ProfiledRun run, Profile runProfile) {
        ProfileDiff diff = ProfileDiff.between(baselineProfile, baseline.workload(), runProfile, run.workload());
        if (type != ProfileType.ALLOC_BYTES) {
            return diff;
        }
        if (source.fetch(target, ProfileType.ALLOC_OBJECTS, baseline.selection()) instanceof ProfileFetch.Ok before
                && source.fetch(target, ProfileType.ALLOC_OBJECTS, run.selection()) instanceof ProfileFetch.Ok after) {
            return diff.withEvents(before.profile(), baseline.workload(), after.profile(), run.workload());
        }
        return diff;
    }

    private static ProfileReport inconclusive(ProfileType type, String reason, String flamegraph,
                                              Optional<String> diff, Optional<String> comparison,
                                              List<FunctionStat> top) {
        return new ProfileReport(type, ProfileReport.Status.INCONCLUSIVE, reason, flamegraph, diff, comparison, top,
                List.of(), List.of());
    }

    private static String summary(ProfileType type, Profile profile, List<FunctionStat> top) {
        String total = ProfileWording.raw(profile.numTicks(), profile.quantity()).substring(1);
        return top.isEmpty() ? type.label() + " profile of " + total
                : String.format(Locale.US, "%s profile of %s; top self %s %.1f %%", type.label(), total,
                top.get(0).name(), top.get(0).selfShare());
    }
}
