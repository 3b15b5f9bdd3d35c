package dev.perfgate.check;

import java.time.Instant;
import java.util.List;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

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
        String gate,
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

    /** A detected regression: some growth rule broke. */
    public boolean regressionDetected() {
        return checks.stream().anyMatch(CheckResult::regression);
    }
}
