package dev.perfgate.check;

import java.util.Optional;

import lombok.RequiredArgsConstructor;

import org.springframework.stereotype.Component;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileExplainer;
import dev.perfgate.profile.ProfileFetch;
import dev.perfgate.profile.ProfileLinks;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileSource;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.ProfiledRun;
import dev.perfgate.profile.PyroscopeTarget;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;

/**
 * Profiles for the pages (run page, compare page and its diff flamegraph): the profiles the verdicts stored
 * ({@link JudgedProfiles}) when they did, else read from the Pyroscope that the run's gate definition names.
 */
@Component
@RequiredArgsConstructor
class PyroscopeRunProfiles implements RunProfiles {

    private final GateDefinitions definitions;
    private final ResultsRepository results;
    private final ProfileSource pyroscope;
    private final ValueResolver values;
    private final JudgedProfiles stored;

    @Override
    public Optional<ProfileReport> report(Run run, Run baseline) {
        return profiling(run).map(p -> {
            ProfileExplainer explainer = new ProfileExplainer(pyroscope, p.config().topN(), Optional.empty());
            if (!ended(baseline)) {
                return explainer.profile(p.target(), p.type(), p.profiled());
            }
            return explainer.compare(p.target(), p.type(), profiled(p.gate(), p.config(), baseline), p.profiled());
        });
    }

    @Override
    public Optional<Links> links(Run run, Run baseline) {
        return profiling(run).map(p -> {
            String flamegraph = ProfileLinks.flamegraph(p.target(), p.type(), p.profiled().selection());
            if (!ended(baseline)) {
                return new Links(flamegraph, Optional.empty(), Optional.empty());
            }
            ProfiledRun base = profiled(p.gate(), p.config(), baseline);
            return new Links(flamegraph, Optional.of(ProfileLinks.diff(p.target(), p.type(), base.selection(),
                    p.profiled().selection())), Optional.of(ProfileLinks.comparison(p.target(), p.type(),
                    base.selection(), p.profiled().selection())));
        });
    }

    /** What a report and links of an ended run start from: its Pyroscope, first profile type, and judged window. */
    private record Profiling(GateDefinition gate, GateDefinition.Pyroscope config, PyroscopeTarget target,
            ProfileType type, ProfiledRun profiled) {
    }

    private Optional<Profiling> profiling(Run run) {
        GateDefinition gate = gate(run).orElse(null);
        return config(run).filter(c -> run.endedAt() != null).map(config -> new Profiling(gate, config,
                ProfileEvidence.target(config), ProfileEvidence.type(config.profiles().get(0)),
                profiled(gate, config, run)));
    }

    private static boolean ended(Run run) {
        return run != null && run.endedAt() != null;
    }

    /**
     * The run's profile as its verdict stored it, and the baseline's as the same verdict stored it when the verdict
     * judged against that run, else as the baseline's own verdict stored it; a side nothing stored is read from
     * Pyroscope now (a run judged before profiles were stored, or one not judged yet).
     */
    @Override
    public Optional<Pair> pair(Run run, Run baseline, ProfileType type) {
        Optional<String> verdict = verdictId(run);
        Optional<Profile> runStored = verdict.flatMap(id -> stored.find(id, JudgedProfiles.Side.RUN, type))
                .map(JudgedProfiles.Found::profile);
        Optional<Profile> baseInVerdict = verdict.flatMap(id -> stored.find(id, JudgedProfiles.Side.BASELINE, type))
                .filter(found -> found.runId().equals(baseline.id())).map(JudgedProfiles.Found::profile);
        Optional<Profile> baseStored = baseInVerdict.isPresent() ? baseInVerdict
                : verdictId(baseline).flatMap(id -> stored.find(id, JudgedProfiles.Side.RUN, type))
                        .map(JudgedProfiles.Found::profile);
        Optional<Profile> runProfile = runStored.or(() -> live(run, type));
        if (runProfile.isEmpty()) {
            return Optional.empty();
        }
        Optional<Profile> baseProfile = baseStored.or(() -> live(baseline, type));
        if (baseProfile.isEmpty()) {
            return Optional.empty();
        }
        String source = runStored.isPresent() && baseInVerdict.isPresent()
                ? "as judged in run " + run.runId() + "'s verdict"
                : "run " + run.runId() + (runStored.isPresent() ? " as its verdict judged it" : " read from Pyroscope now")
                        + ", run " + baseline.runId() + (baseStored.isPresent() ? " as its verdict judged it"
                                : " read from Pyroscope now");
        return Optional.of(new Pair(baseProfile.get(), runProfile.get(), source));
    }

    private static Optional<String> verdictId(Run run) {
        return run.verdict() == null ? Optional.empty() : Optional.ofNullable(run.verdict().verdictId());
    }

    /** The merged profile of a run's judged window, read from Pyroscope now. */
    private Optional<Profile> live(Run run, ProfileType type) {
        return config(run).filter(c -> run.endedAt() != null).flatMap(config -> {
            ProfileFetch fetched = pyroscope.fetch(ProfileEvidence.target(config), type,
                    profiled(gate(run).orElse(null), config, run).selection());
            return fetched instanceof ProfileFetch.Ok ok ? Optional.of(ok.profile()) : Optional.empty();
        });
    }

    /** The run over the window its verdict judged. */
    private ProfiledRun profiled(GateDefinition gate, GateDefinition.Pyroscope config, Run run) {
        RunResults runResults = results.find(run.id()).orElse(null);
        return ProfileEvidence.profiled(config, run, runResults, values.window(gate, run, runResults));
    }

    private Optional<GateDefinition> gate(Run run) {
        return definitions.find(run.system(), run.workload(), run.environment());
    }

    private Optional<GateDefinition.Pyroscope> config(Run run) {
        return definitions.find(run.system(), run.workload(), run.environment())
                .map(gate -> gate.pyroscopeFor(run.environment()));
    }
}
