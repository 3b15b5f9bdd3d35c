package dev.perfgate.check;

import java.util.Optional;

import org.springframework.stereotype.Component;

import dev.perfgate.definition.GateDefinition;
import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileExplainer;
import dev.perfgate.profile.ProfileFetch;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileSource;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.profile.ProfiledRun;
import dev.perfgate.profile.PyroscopeTarget;
import dev.perfgate.results.ResultsRepository;
import dev.perfgate.results.RunResults;
import dev.perfgate.run.Run;

/**
 * Profiles for the pages (run page, compare page and its diff flamegraph): read from the Pyroscope
 * that the run's gate definition names, for any two runs.
 */
@Component
class PyroscopeRunProfiles implements RunProfiles {

    private final GateDefinitions definitions;
    private final ResultsRepository results;
    private final ProfileSource pyroscope;
    private final ValueResolver values;

    PyroscopeRunProfiles(GateDefinitions definitions, ResultsRepository results, ProfileSource pyroscope,
            ValueResolver values) {
        this.definitions = definitions;
        this.results = results;
        this.pyroscope = pyroscope;
        this.values = values;
    }

    @Override
    public Optional<ProfileReport> report(Run run, Run baseline) {
        GateDefinition gate = gate(run).orElse(null);
        return config(run).filter(c -> run.endedAt() != null).map(config -> {
            PyroscopeTarget target = ProfileEvidence.target(config);
            ProfileType type = ProfileEvidence.type(config.profiles().get(0));
            ProfileExplainer explainer = new ProfileExplainer(pyroscope, config.topN(), Optional.empty());
            ProfiledRun profiled = profiled(gate, config, run);
            if (baseline == null || baseline.endedAt() == null) {
                return explainer.profile(target, type, profiled);
            }
            return explainer.compare(target, type,
                    profiled(gate, config, baseline), profiled);
        });
    }

    @Override
    public Optional<Profile> profile(Run run, ProfileType type) {
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
