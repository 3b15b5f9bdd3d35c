package dev.perfgate.check;

import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

import dev.perfgate.definition.GateDefinition;

/**
 * One evaluation of a run, kept for ever: every re-evaluation adds a verdict, so the history of
 * judgements stays. {@code gate} is what CI should do (pass, warn, fail) after the INCONCLUSIVE policy.
 */
@Document("verdicts")
public record Verdict(
        @Id String id,
        String runId,
        Instant evaluatedAt,
        String reason,
        CheckStatus status,
        GateResult gate,
        String summary,
        String definitionFile,
        String definitionVersion,
        String baselineStrategy,
        Validity validity,
        List<CheckResult> checks,
        List<ProfileSummary> profiles) {

    /** Whether the run met its workload expectations. */
    public record Validity(boolean valid, List<String> problems) {
    }

    /**
     * The run a comparison with this verdict's run shows: the run its profiles were judged against (the diff flame
     * graph and the functions that grew come from them), else the baseline of its first check that has one (the newest
     * of a median's runs); empty without either. The two differ when a check keeps a run out of its baseline (an
     * elevated or suspected value) that the profiles, judged against the last good run, still use.
     */
    public Optional<String> comparedWith() {
        return Optional.ofNullable(profiles).orElse(List.of()).stream().map(ProfileSummary::baselineRunId)
                .filter(Objects::nonNull).findFirst()
                .or(() -> Optional.ofNullable(checks).orElse(List.of()).stream().map(CheckResult::baselineRunId)
                        .filter(Objects::nonNull).findFirst());
    }

    /** Which evaluation a verdict is: its id, the run it judges, when and why. */
    record Stamp(String id, String runId, Instant at, String reason) {
    }

    /** A run unfit to judge (aborted, marked invalid, or short of its workload expectations); {@code gate} may be null. */
    static Verdict invalid(Stamp stamp, GateDefinition gate, List<String> problems) {
        return new Verdict(stamp.id(), stamp.runId(), stamp.at(), stamp.reason(), CheckStatus.INVALID, GateResult.FAIL,
                "INVALID: " + String.join("; ", problems), gate == null ? null : gate.file(),
                gate == null ? null : gate.version(), gate == null ? null : strategy(gate), new Validity(false, problems),
                List.of(), List.of());
    }

    /** A run that could not be judged at all (no checks, evaluation failed or ran out of time): never a pass. */
    static Verdict inconclusive(Stamp stamp, String detail) {
        return new Verdict(stamp.id(), stamp.runId(), stamp.at(), stamp.reason(), CheckStatus.INCONCLUSIVE,
                GateResult.FAIL, "INCONCLUSIVE: " + detail, null, null, null, new Validity(true, List.of()), List.of(),
                List.of());
    }

    /** A valid run judged check by check; a passing one lists no functions that grew. */
    static Verdict judged(Stamp stamp, GateDefinition gate, List<CheckResult> checks, List<ProfileSummary> profiles) {
        CheckStatus status = overall(checks);
        List<ProfileSummary> kept = status == CheckStatus.PASS
                ? profiles.stream().map(ProfileSummary::withoutGrowth).toList() : profiles;
        return new Verdict(stamp.id(), stamp.runId(), stamp.at(), stamp.reason(), status,
                GateResult.of(status, checks, gate.inconclusive()), summary(status, checks), gate.file(), gate.version(),
                strategy(gate), new Validity(true, List.of()), checks, kept);
    }

    /** The same verdict with a note after its summary (what CI logs and Slack show). */
    Verdict withNote(String note) {
        return new Verdict(id, runId, evaluatedAt, reason, status, gate, summary + " (" + note + ")", definitionFile,
                definitionVersion, baselineStrategy, validity, checks, profiles);
    }

    /** A detected regression: some growth rule broke. */
    public boolean regressionDetected() {
        return checks.stream().anyMatch(CheckResult::regression);
    }

    static CheckStatus overall(List<CheckResult> checks) {
        for (CheckStatus worst : List.of(CheckStatus.FAIL, CheckStatus.INCONCLUSIVE, CheckStatus.WARN)) {
            if (checks.stream().anyMatch(c -> c.status() == worst)) {
                return worst;
            }
        }
        return CheckStatus.PASS;
    }

    static String summary(CheckStatus status, List<CheckResult> checks) {
        List<CheckResult> notPassing = checks.stream().filter(c -> c.status() != CheckStatus.PASS).toList();
        if (notPassing.isEmpty()) {
            return "PASS: all " + checks.size() + " checks passed";
        }
        return status + ": " + notPassing.size() + " of " + checks.size() + " checks did not pass: "
                + notPassing.stream().map(c -> c.status() + " " + c.message()).collect(Collectors.joining(" | "));
    }

    private static String strategy(GateDefinition gate) {
        return gate.baseline().name().toLowerCase();
    }
}
