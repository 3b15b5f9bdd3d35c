package dev.perfgate.run;

import java.time.Instant;

import jakarta.validation.constraints.Size;

import dev.perfgate.system.StorableInstant;

/** Body of {@code POST /api/v1/runs/{id}/end}; all optional: an empty body marks the run completed now. */
public record EndRunRequest(Outcome status, @Size(max = 2000) String reason, @StorableInstant Instant endedAt) {

    /** How a run can end. */
    public enum Outcome {
        @com.fasterxml.jackson.annotation.JsonProperty("completed") COMPLETED,
        @com.fasterxml.jackson.annotation.JsonProperty("aborted") ABORTED
    }

    RunStatus runStatus() {
        return status == Outcome.ABORTED ? RunStatus.ABORTED : RunStatus.COMPLETED;
    }
}
