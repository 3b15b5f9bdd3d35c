package dev.perfgate.run;

import java.time.Instant;

/**
 * The latest verdict of a run in short, kept on the run so lists need no second query.
 * {@code status} is PASS, WARN, FAIL, INCONCLUSIVE, INVALID or PENDING; the full verdict
 * (every check, every number) lives in the check feature's own collection.
 */
public record RunVerdict(String status, String verdictId, String summary, Instant evaluatedAt) {
}
