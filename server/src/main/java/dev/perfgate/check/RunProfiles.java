package dev.perfgate.check;

import java.util.Optional;

import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.run.Run;

/**
 * What the pages need from the profile feature: its report of a run (links into Pyroscope, top functions, the
 * explanation of what grew) and a run's merged profile, for the differential flame graph the compare page draws.
 * The profile feature provides the bean; without one, the pages say there is no profile data.
 */
public interface RunProfiles {

    /** The report of {@code run}, compared with {@code baseline} when that is not null. */
    Optional<ProfileReport> report(Run run, Run baseline);

    /** The merged profile of a run's window. */
    Optional<Profile> profile(Run run, ProfileType type);

    /** No profile data at all: what the pages use while no profile feature is configured. */
    RunProfiles NONE = new RunProfiles() {
        @Override
        public Optional<ProfileReport> report(Run run, Run baseline) {
            return Optional.empty();
        }

        @Override
        public Optional<Profile> profile(Run run, ProfileType type) {
            return Optional.empty();
        }
    };
}
