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

    PyroscopeRunProfiles(GateDefinitions definitions, ResultsRepository results, ProfileSource pyroscope) {
        this.definitions = definitions;
        this.results = results;
        this.pyroscope = pyroscope;
    }

    @Override
    public Optional<ProfileReport> report(Run run, Run baseline) {
        GateDefinition gate = gate(run).orElse(null);
        return config(run).filter(c -> run.endedAt() != null).map(config -> {
            PyroscopeTarget target = ProfileEvidence.target(config);
            ProfileType type = ProfileEvidence.type(config.profiles().get(0));
            ProfileExplainer explainer = new ProfileExplainer(pyroscope, config.topN(), Optional.empty());
            ProfiledRun profiled = ProfileEvidence.profiled(gate, config, run, results.find(run.id()).orElse(null));
            if (baseline == null || baseline.endedAt() == null) {
                return explainer.profile(target, type, profiled);
            }
            return explainer.compare(target, type,
                    ProfileEvidence.profiled(gate, config, baseline, results.find(baseline.id()).orElse(null)), profiled);
        });
    }

    @Override
    public Optional<Profile> profile(Run run, ProfileType type) {
        return config(run).filter(c -> run.endedAt() != null).flatMap(config -> {
            ProfileFetch fetched = pyroscope.fetch(ProfileEvidence.target(config), type,
                    ProfileEvidence.profiled(gate(run).orElse(null), config, run, results.find(run.id()).orElse(null))
                            .selection());
            return fetched instanceof ProfileFetch.Ok ok ? Optional.of(ok.profile()) : Optional.empty();
        });
    }

    private Optional<GateDefinition> gate(Run run) {
        return definitions.find(run.system(), run.workload(), run.environment());
    }

    private Optional<GateDefinition.Pyroscope> config(Run run) {
        return definitions.find(run.system(), run.workload(), run.environment())
                .map(gate -> gate.pyroscopeFor(run.environment()));
    }
}
