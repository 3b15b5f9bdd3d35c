package dev.perfgate.run;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.springframework.data.annotation.Id;
import org.springframework.data.mongodb.core.mapping.Document;

/**
 * One load-test run of a series, as stored. The caller's {@code runId} is unique within its
 * series; {@code id} is PerfGate's own key, unique everywhere.
 */
@Document("runs")
public record Run(
        @Id String id,
        String system,
        String workload,
        String environment,
        String runId,
        String version,
        String buildUrl,
        String buildNumber,
        String branch,
        String commit,
        Trigger trigger,
        List<String> tags,
        Map<String, String> annotations,
        Instant startedAt,
        Instant endedAt,
        int rampUpSeconds,
        RunStatus status,
        String statusReason,
        Instant createdAt,
        RunVerdict verdict,
        RegressionReview review) {

    public Series series() {
        return new Series(system, workload, environment);
    }

    /** Start of the steady state: the window checks judge begins after the ramp-up. */
    public Instant steadyStateStart() {
        return startedAt.plus(Duration.ofSeconds(rampUpSeconds));
    }

    public boolean isEnded() {
        return status != RunStatus.RUNNING;
    }
}
