package dev.perfgate.check;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.definition.CheckDefinition;
import dev.perfgate.definition.GateDefinition;
import dev.perfgate.definition.ValueSource;
import dev.perfgate.profile.ColdJvm;
import dev.perfgate.profile.CoreHourCost;
import dev.perfgate.profile.FunctionChange;
import dev.perfgate.profile.FunctionStat;
import dev.perfgate.profile.GrowthAttribution;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileAnalysis;
import dev.perfgate.profile.ProfileDiff;
import dev.perfgate.profile.ProfileExplainer;
import dev.perfgate.profile.ProfileFetch;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileSelection;
import dev.perfgate.profile.ProfileSource;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.ProfiledRun;
import dev.perfgate.profile.PyroscopeTarget;
import dev.perfgate.profile.TimeWindow;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;

/**
 * Gathers the profile evidence of a run when it is judged: for each configured profile type, the
 * run's profile from Pyroscope over the whole Pyroscope buckets within its steady state, the
 * baseline run's, TopN and the diff that names what grew. Pyroscope down or empty: the evidence
 * says so and the links are still given.
 */
@Component
@RequiredArgsConstructor
class ProfileEvidence {

    /** The evidence of one evaluation, and the values profile checks read from it. */
    static final class Evidence {
        static final Evidence NONE = new Evidence(List.of(), Map.of(), Map.of(), null);

        private final List<ProfileSummary> summaries;
        private final Map<String, ProfileFetch> runProfiles;
        private final Map<String, ProfileDiff> diffs;
        private final ProfiledRun run;
        /** Why the run's JVM was not at its steady state (see {@link ColdJvm}), or null. */
        private final String cold;
        /** The profiles read, of the run and of its baseline, to store with the verdict. */
        private final List<JudgedProfiles.Judged> judged;
        /** Why the baseline run's profiles could not be read, or null. */
        private final String baseUnread;

        Evidence(List<ProfileSummary> summaries, Map<String, ProfileFetch> runProfiles, Map<String, ProfileDiff> diffs,
                ProfiledRun run) {
            this(summaries, runProfiles, diffs, run, null, List.of(), null);
        }

        Evidence(List<ProfileSummary> summaries, Map<String, ProfileFetch> runProfiles, Map<String, ProfileDiff> diffs,
                ProfiledRun run, String cold, List<JudgedProfiles.Judged> judged, String baseUnread) {
            this.summaries = summaries;
            this.runProfiles = runProfiles;
            this.diffs = diffs;
            this.run = run;
            this.cold = cold;
            this.judged = judged;
            this.baseUnread = baseUnread;
        }

        /** This evidence of a run whose process was cold for another reason (it started inside the window). */
        Evidence coldStart(String reason) {
            if (cold != null || run == null) {
                return this;
            }
            List<ProfileSummary> marked = summaries.stream().map(s -> s.onColdJvm(reason)).toList();
            return new Evidence(marked, runProfiles, diffs, run, reason, judged, baseUnread);
        }

        /** The profiles this evidence read (the run's and the baseline's), to store with the verdict. */
        List<JudgedProfiles.Judged> judged() {
            return judged;
        }

        /** Why the run's JVM was still warming up, when it was. */
        Optional<String> cold() {
            return Optional.ofNullable(cold);
        }

        List<ProfileSummary> summaries() {
            return summaries;
        }

        Optional<ProfileSummary> summary(String type) {
            return summaries.stream().filter(s -> s.type().equals(type)).findFirst();
        }

        Measurement value(ValueSource.Profile source) {
            ProfileFetch fetched = runProfiles.get(source.type());
            if (fetched == null) {
                return Measurement.missing("profile type " + source.type() + " is not in the pyroscope target's profiles");
            }
            if (!(fetched instanceof ProfileFetch.Ok ok)) {
                return Measurement.missing("no " + source.type() + " profile: " + fetched.reason());
            }
            Profile profile = ok.profile();
            String frames = source.frames() == null ? null : normalize(source.frames());
            double amount = profile.quantity().amount(frames == null ? profile.numTicks()
                    : profile.totalThrough(name -> normalize(name).startsWith(frames)));
            switch (source.measure()) {
                case "totalPerRequest":
                    return run.requests() > 0 ? Measurement.of(amount / run.requests())
                            : Measurement.missing("the run has no request count to divide by");
                case "totalPerSecond":
                    double seconds = run.selection().window().duration().toMillis() / 1000.0;
                    return Measurement.of(amount / seconds);
                case "selfShare":
                    String wanted = normalize(source.function());
                    return ProfileAnalysis.functions(profile, run.workload()).stream()
                            .filter(f -> normalize(f.name()).equals(wanted)).findFirst()
                            .map(f -> Measurement.of(f.selfShare()))
                            .orElseGet(() -> Measurement.of(0));
                default:
                    ProfileDiff diff = diffs.get(source.type());
                    if (diff == null && baseUnread != null) {
                        return Measurement.missing(baseUnread + "; a function's growth is not judged against it");
                    }
                    if (diff == null) {
                        return Measurement.noBaseline("no baseline run with a " + source.type() + " profile yet");
                    }
                    if (cold != null) {
                        return Measurement.missing(cold + "; a function's growth is not judged on a cold JVM"
                                + " (declare a warm-up in the checks, or a longer one, e.g. warmup: 60s, or load longer)");
                    }
                    if (frames != null) {
                        // only the functions with self time in the stacks through the given frames, with their shares
                        // of the whole profile: the growth of code you can change, not of the server's own threads
                        Set<String> own = ProfileAnalysis.functions(profile.through(name -> normalize(name).startsWith(frames)),
                                run.workload()).stream().filter(f -> f.self() > 0).map(FunctionStat::name).collect(Collectors.toSet());
                        return Measurement.of(diff.maxSignificantSelfShareGrowth(own::contains));
                    }
                    return Measurement.of(diff.maxSignificantSelfShareGrowth());
            }
        }
    }

    /** Remembers fetches within one evaluation, so each profile is read from Pyroscope once. */
    private static final class OncePerEvaluation implements ProfileSource {
        private final ProfileSource source;
        private final Map<String, ProfileFetch> fetched = new HashMap<>();

        OncePerEvaluation(ProfileSource source) {
            this.source = source;
        }

        @Override
        public ProfileFetch fetch(PyroscopeTarget target, ProfileType type, ProfileSelection selection) {
            return fetched.computeIfAbsent(target.apiUrl() + "|" + type + "|" + selection,
                    key -> source.fetch(target, type, selection));
        }
    }

    private final ProfileSource pyroscope;

    Evidence collect(GateDefinition gate, Run run, RunResults results, Run baseline, RunResults baselineResults) {
        return collect(gate, run, results, JudgedWindow.of(gate, run, results), baseline, baselineResults,
                baseline == null ? null : JudgedWindow.of(gate, baseline, baselineResults));
    }

    /** The evidence over the windows judged (the declared warm-up counted from each process's start, when known). */
    Evidence collect(GateDefinition gate, Run run, RunResults results, JudgedWindow window, Run baseline,
            RunResults baselineResults, JudgedWindow baselineWindow) {
        GateDefinition.Pyroscope config = gate.pyroscopeFor(run.environment());
        if (config == null || run.endedAt() == null) {
            return Evidence.NONE;
        }
        if (!window.hasSteadyState()) {
            return unprofiled(config, "the run has no steady state to profile: it ended at " + run.endedAt()
                    + ", within its " + run.rampUpSeconds() + " s ramp-up"
                    + (gate.warmup().isZero() ? "" : " and the declared " + gate.warmup().toSeconds() + " s warm-up"));
        }
        Optional<String> unread = withoutWholeBucket(window);
        if (unread.isPresent()) {
            return unprofiled(config, "the run's " + unread.get() + (gate.warmup().isZero() ? ""
                    : " (what the declared " + gate.warmup().toSeconds() + " s warm-up left of it)"));
        }
        PyroscopeTarget target = target(config);
        OncePerEvaluation source = new OncePerEvaluation(pyroscope);
        Optional<CoreHourCost> cost = Optional.ofNullable(gate.cost()).map(c -> new CoreHourCost(c.pricePerCoreHour(),
                throughput(results), c.currency()));
        ProfileExplainer explainer = new ProfileExplainer(source, config.topN(), cost);
        ProfiledRun profiled = profiled(config, run, results, window);
        boolean ended = baseline != null && baseline.endedAt() != null;
        Optional<String> baseUnread = !ended ? Optional.empty()
                : withoutWholeBucket(baselineWindow).map(why -> "the baseline run " + baseline.runId() + "'s " + why);
        ProfiledRun base = ended && baseUnread.isEmpty()
                ? profiled(config, baseline, baselineResults, baselineWindow) : null;
        List<ProfileSummary> summaries = new ArrayList<>();
        Map<String, ProfileFetch> runProfiles = new HashMap<>();
        Map<String, ProfileDiff> diffs = new HashMap<>();
        Map<String, ProfileFetch> baseProfiles = new HashMap<>();
        List<JudgedProfiles.Judged> judged = new ArrayList<>();
        for (String name : config.profiles()) {
            ProfileType type = type(name);
            ProfileReport report = base == null ? explainer.profile(target, type, profiled)
                    : explainer.compare(target, type, base, profiled);
            ProfileFetch runFetch = source.fetch(target, type, profiled.selection());
            runProfiles.put(name, runFetch);
            List<String> attributed = List.of();
            if (base != null && runFetch instanceof ProfileFetch.Ok runOk
                    && source.fetch(target, type, base.selection()) instanceof ProfileFetch.Ok baseOk) {
                diffs.put(name, explainer.diff(target, type, base, baseOk.profile(), profiled, runOk.profile()));
                attributed = GrowthAttribution.of(baseOk.profile(), base.workload(), runOk.profile(),
                        profiled.workload(), application(gate), type, config.topN()).lines();
            }
            ProfileFetch baseFetch = base == null ? null : source.fetch(target, type, base.selection());
            if (baseFetch != null) {
                baseProfiles.put(name, baseFetch);
            }
            if (runFetch instanceof ProfileFetch.Ok ok) {
                judged.add(new JudgedProfiles.Judged(JudgedProfiles.Side.RUN, run.id(), type, ok.profile()));
            }
            if (baseFetch instanceof ProfileFetch.Ok ok) {
                judged.add(new JudgedProfiles.Judged(JudgedProfiles.Side.BASELINE, baseline.id(), type, ok.profile()));
            }
            summaries.add(summary(name, report, runFetch, profiled, baseline, config.topN()).attributed(attributed)
                    .judged(query(target, type, profiled), base == null ? null : query(target, type, base),
                            runFetch, baseFetch, base));
        }
        String cold = sampledFromWallClock(config) ? null
                : cold(runProfiles.get("cpu"), baseProfiles.get("cpu")).orElse(null);
        if (cold != null) {
            summaries.replaceAll(summary -> summary.onColdJvm(cold));
        }
        return new Evidence(List.copyOf(summaries), runProfiles, diffs, profiled, cold, List.copyOf(judged),
                baseUnread.orElse(null));
    }

    /**
     * The application's own frames, for the entry point of a package's growth: the {@code frames} of the gate's
     * profile checks when any are given, else every frame.
     */
    static Predicate<String> application(GateDefinition gate) {
        List<String> prefixes = gate.checks().stream().map(CheckDefinition::source)
                .filter(ValueSource.Profile.class::isInstance).map(ValueSource.Profile.class::cast)
                .map(ValueSource.Profile::frames).filter(Objects::nonNull).map(ProfileEvidence::normalize).distinct()
                .toList();
        return prefixes.isEmpty() ? name -> true
                : name -> prefixes.stream().anyMatch(prefix -> normalize(name).startsWith(prefix));
    }

    /**
     * Whether the gate's {@code cpu} profile comes from a wall-clock sampler: the gate also reads {@code wall}, and the
     * Pyroscope Java agent samples one event, so its {@code cpu} then holds the wall-clock samples of running threads.
     * Those count a thread that spins or waits for a core, and compile bursts after a regression switch: warm demo
     * JVMs read 28.7 % against 23.9 % and 34.3 % against 14.2 % of warm-up frames in their baseline runs. The warm-up
     * share cannot tell a cold JVM there; the gate's {@code processStart} query does (see {@link ValueResolver}).
     */
    static boolean sampledFromWallClock(GateDefinition.Pyroscope config) {
        return config.profiles().contains("wall");
    }

    /** A CPU profile mostly in the JIT, the interpreter and class loading: no function's growth is a culprit then. */
    static Optional<String> cold(ProfileFetch run, ProfileFetch baseline) {
        if (!(run instanceof ProfileFetch.Ok ok)) {
            return Optional.empty();
        }
        return ColdJvm.assess(ok.profile(), baseline instanceof ProfileFetch.Ok base ? base.profile() : null);
    }

    /** A run without a window to profile (it ended within its ramp-up, or its steady state is too short): every type says so. */
    private static Evidence unprofiled(GateDefinition.Pyroscope config, String reason) {
        List<ProfileSummary> summaries = new ArrayList<>();
        Map<String, ProfileFetch> fetches = new HashMap<>();
        for (String name : config.profiles()) {
            summaries.add(new ProfileSummary(name, ProfileReport.Status.INCONCLUSIVE.name(), reason, null, null, null,
                    null, null, null, null, null, List.of(), List.of(), List.of(), null, null, null, null, null, null,
                    null));
            fetches.put(name, new ProfileFetch.Empty(reason));
        }
        return new Evidence(List.copyOf(summaries), fetches, Map.of(), null);
    }

    /**
     * Why a judged window cannot be read from Pyroscope without the time around it, when its steady state holds no
     * whole 10-s bucket (see {@link PyroscopeTarget#queried}): its profile would hold up to 10 s of ramp-up before and
     * of whatever follows after, divided by the requests of the steady state alone.
     */
    static Optional<String> withoutWholeBucket(JudgedWindow window) {
        TimeWindow steady = steady(window);
        if (PyroscopeTarget.wholeBuckets(steady).isPresent()) {
            return Optional.empty();
        }
        return Optional.of("steady state (" + steady.from() + " to " + steady.until() + ", "
                + steady.duration().toMillis() / 1000.0 + " s) holds no whole " + PyroscopeTarget.BUCKET.toSeconds()
                + "-s bucket of Pyroscope's storage, and a profile read around it would take in the time before and"
                + " after it: profiles are judged on steady states of 19 s or more");
    }

    private static TimeWindow steady(JudgedWindow window) {
        return TimeWindow.of(window.steadyStateStart(), window.end());
    }

    /** What was read for one side: application, series name, labels and the window as queried. */
    static ProfileSummary.Query query(PyroscopeTarget target, ProfileType type, ProfiledRun run) {
        TimeWindow window = target.queried(run.selection().window());
        return new ProfileSummary.Query(target.application(), target.profileName(type),
                Map.copyOf(target.allLabels(run.selection())), target.query(type, run.selection()), window.from(),
                window.until());
    }

    private static Partial summary(String name, ProfileReport report, ProfileFetch runFetch, ProfiledRun run,
            Run baseline, int topN) {
        Double perRequest = null;
        Double perSecond = null;
        String unit = null;
        if (runFetch instanceof ProfileFetch.Ok ok) {
            double amount = ok.profile().quantity().amount(ok.profile().numTicks());
            perRequest = run.requests() > 0 ? amount / run.requests() : null;
            perSecond = amount / Math.max(0.001, run.selection().window().duration().toMillis() / 1000.0);
            unit = ok.profile().quantity().measure().name().toLowerCase(Locale.ROOT);
        }
        List<ProfileSummary.Function> top = report.top().stream().map(ProfileEvidence::row).toList();
        List<ProfileSummary.Change> changes = report.changes().stream()
                .sorted((a, b) -> Double.compare(Math.abs(b.selfShareDelta()), Math.abs(a.selfShareDelta())))
                .limit(topN).map(ProfileEvidence::change).toList();
        boolean compared = report.diffUrl().isPresent();
        return new Partial(name, report.status().name(), report.reason(), report.flamegraphUrl(),
                report.diffUrl().orElse(null), report.comparisonUrl().orElse(null),
                compared && baseline != null ? baseline.id() : null,
                compared && baseline != null ? "run " + baseline.runId() : null,
                perRequest, perSecond, unit, top, changes, report.lines());
    }

    /** A summary before the queries and the compared totals are added to it. */
    private record Partial(String type, String status, String reason, String flamegraphUrl, String diffUrl,
            String comparisonUrl, String baselineRunId, String baselineLabel, Double totalPerRequest,
            Double totalPerSecond, String unit, List<ProfileSummary.Function> top, List<ProfileSummary.Change> changes,
            List<String> lines) {

        /** With the packages that grew (or the word that the growth is spread) after the functions that grew. */
        Partial attributed(List<String> packages) {
            if (packages.isEmpty()) {
                return this;
            }
            List<String> all = new ArrayList<>(lines);
            all.addAll(packages);
            return new Partial(type, status, reason, flamegraphUrl, diffUrl, comparisonUrl, baselineRunId,
                    baselineLabel, totalPerRequest, totalPerSecond, unit, top, changes, List.copyOf(all));
        }

        ProfileSummary judged(ProfileSummary.Query runQuery, ProfileSummary.Query baselineQuery, ProfileFetch runFetch,
                ProfileFetch baseFetch, ProfiledRun base) {
            Profile run = runFetch instanceof ProfileFetch.Ok ok ? ok.profile() : null;
            Profile baseline = baseFetch instanceof ProfileFetch.Ok ok ? ok.profile() : null;
            Double basePerRequest = baseline != null && base.requests() > 0
                    ? baseline.quantity().amount(baseline.numTicks()) / base.requests() : null;
            String rawUnit = run != null ? run.quantity().rawUnit() : baseline != null ? baseline.quantity().rawUnit() : null;
            return new ProfileSummary(type, status, reason, flamegraphUrl, diffUrl, comparisonUrl, baselineRunId,
                    baselineLabel, totalPerRequest, totalPerSecond, unit, top, changes, lines, runQuery, baselineQuery,
                    run == null ? null : run.numTicks(), baseline == null ? null : baseline.numTicks(), rawUnit,
                    basePerRequest, null);
        }
    }

    private static ProfileSummary.Function row(FunctionStat f) {
        return new ProfileSummary.Function(f.name(), f.self(), f.total(), f.selfShare(), f.totalShare(),
                box(f.selfPerRequest()), box(f.selfPerSecond()));
    }

    private static ProfileSummary.Change change(FunctionChange c) {
        return new ProfileSummary.Change(c.name(), c.kind().name(),
                c.baseline() == null ? 0 : c.baseline().selfShare(), c.run() == null ? 0 : c.run().selfShare(),
                c.selfShareDelta(), c.selfDelta(), box(c.selfPerRequestDelta()));
    }

    /**
     * The run as its profiles are read: the whole Pyroscope buckets within its steady state (no ramp-up before it, no
     * time after it), and the requests of that part of it (the steady state's, in proportion to the time kept). Only
     * for a window that holds a whole bucket ({@link #withoutWholeBucket} is empty).
     */
    static ProfiledRun profiled(GateDefinition.Pyroscope config, Run run, RunResults results, JudgedWindow window) {
        TimeWindow steady = steady(window);
        TimeWindow read = PyroscopeTarget.wholeBuckets(steady).orElseThrow(
                () -> new IllegalArgumentException("no whole bucket within " + steady));
        ProfileSelection selection = ProfileSelection.of(read);
        if (config.runLabel() != null) {
            selection = selection.withLabel(config.runLabel(), run.runId());
        }
        long all = results == null || results.global() == null ? 0 : results.global().count();
        double kept = steady.duration().isZero() ? 1 : (double) read.duration().toMillis() / steady.duration().toMillis();
        return new ProfiledRun(selection, Math.round(all * kept));
    }

    static PyroscopeTarget target(GateDefinition.Pyroscope config) {
        PyroscopeTarget target = "grafana".equals(config.dialect())
                ? PyroscopeTarget.grafana(config.url(), config.uiUrl() == null ? config.url() : config.uiUrl(), config.application())
                : PyroscopeTarget.classic(config.url(), config.application());
        if (config.uiUrl() != null && !"grafana".equals(config.dialect())) {
            target = target.withUiUrl(config.uiUrl());
        }
        for (Map.Entry<String, String> label : config.labels().entrySet()) {
            target = target.withLabel(label.getKey(), label.getValue());
        }
        target = target.withProfileTypes(config.profiles().stream().map(ProfileEvidence::type).toArray(ProfileType[]::new));
        for (Map.Entry<String, String> name : config.profileNames().entrySet()) {
            target = target.withProfileName(type(name.getKey()), name.getValue());
        }
        return target.withUploadInterval(Duration.ofSeconds(config.uploadIntervalSeconds()));
    }

    static ProfileType type(String name) {
        return ProfileType.valueOf(name.toUpperCase(Locale.ROOT));
    }

    private static double throughput(RunResults results) {
        return results == null || results.global() == null || results.global().throughputRps() == null ? 0
                : results.global().throughputRps();
    }

    /** Java frames come as a/b/C.m from the JFR agent and as a.b.C.m elsewhere. */
    static String normalize(String frame) {
        return frame.replace('/', '.');
    }

    private static Double box(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
