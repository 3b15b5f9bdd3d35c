package dev.perfgate.check;

import java.util.Optional;

import dev.perfgate.profile.Profile;
import dev.perfgate.profile.ProfileReport;
import dev.perfgate.profile.ProfileType;
import dev.perfgate.run.Run;

/**
 * What the pages need from the profile feature: its report of a run not judged yet (links into Pyroscope, top
 * functions, the explanation of what grew), the links of any two runs, and the two profiles for the differential flame
 * graph the compare page draws: those the verdicts stored when they are, else read from Pyroscope. The profile
 * feature provides the bean; without one, the pages say there is no profile data.
 */
public interface RunProfiles {

    /** The report of {@code run}, compared with {@code baseline} when that is not null (reads Pyroscope). */
    Optional<ProfileReport> report(Run run, Run baseline);

    /** Links into Pyroscope for {@code run}, and against {@code baseline} when that is not null; reads no profile. */
    Optional<Links> links(Run run, Run baseline);

    /** The profiles of two runs over their judged windows, and where they come from. */
    Optional<Pair> pair(Run run, Run baseline, ProfileType type);

    /** Links to a run's flame graph, and to its diff and side-by-side comparison with another run. */
    record Links(String flamegraphUrl, Optional<String> diffUrl, Optional<String> comparisonUrl) {
    }

    /**
     * Two runs' profiles; {@code source} says where they come from: "as judged in run 154's verdict" (both stored by
     * the run's verdict, the compare page's default), stored with each run's own verdict, or read from Pyroscope now.
     */
    record Pair(Profile baseline, Profile run, String source) {
    }

    /** No profile data at all: what the pages use while no profile feature is configured. */
    RunProfiles NONE = new RunProfiles() {
        @Override
        public Optional<ProfileReport> report(Run run, Run baseline) {
            return Optional.empty();
        }

        @Override
        public Optional<Links> links(Run run, Run baseline) {
            return Optional.empty();
        }

        @Override
        public Optional<Pair> pair(Run run, Run baseline, ProfileType type) {
            return Optional.empty();
        }
    };
}
