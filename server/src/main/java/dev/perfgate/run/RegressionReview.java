package dev.perfgate.run;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonProperty;

/** An admin's decision on a run's detected regression: accepted (the new normal) or denied (a real regression). */
public record RegressionReview(Decision decision, String reason, String by, Instant at) {

    /** Accepted regressions may become baselines; denied ones never do. */
    public enum Decision {
        @JsonProperty("accepted") ACCEPTED,
        @JsonProperty("denied") DENIED
    }
}
