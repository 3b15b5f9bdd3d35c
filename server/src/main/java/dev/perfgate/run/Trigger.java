package dev.perfgate.run;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Who started a run. */
public enum Trigger {
    @JsonProperty("ci") CI,
    @JsonProperty("ui") UI,
    @JsonProperty("api") API
}
