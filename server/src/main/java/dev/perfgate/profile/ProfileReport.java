package dev.perfgate.profile;

import java.util.List;
import java.util.Optional;

/**
 * What the profile feature says about one run and one profile type: links, top functions, and — with a baseline —
 * the ranked changes and explanation lines.
 *
 * @param type           profile type
 * @param status         EXPLAINED (run and baseline fetched), PROFILED (run fetched, no baseline given) or
 *                       INCONCLUSIVE (a fetch failed; {@code reason} says why)
 * @param reason         human reason, with the numbers or the failure
 * @param flamegraphUrl  the run's flamegraph
 * @param diffUrl        diff against the baseline, if there is one
 * @param comparisonUrl  side-by-side with the baseline, if there is one
 * @param top            the run's top functions by self
 * @param changes        ranked changes (empty without a baseline)
 * @param lines          explanation lines for the functions that grew
 */
public record ProfileReport(ProfileType type, Status status, String reason, String flamegraphUrl,
                            Optional<String> diffUrl, Optional<String> comparisonUrl, List<FunctionStat> top,
                            List<FunctionChange> changes, List<String> lines) {

    /** Whether the report could be built from data. */
    public enum Status { EXPLAINED, PROFILED, INCONCLUSIVE }

    public ProfileReport {
        top = List.copyOf(top);
        changes = List.copyOf(changes);
        lines = List.copyOf(lines);
    }
}
