package dev.perfgate.run;

import com.fasterxml.jackson.annotation.JsonProperty;

/** Where a run is in its life: running until ended, then completed or aborted; invalid when judged unfit. */
public enum RunStatus {
    @JsonProperty("running") RUNNING,
    @JsonProperty("completed") COMPLETED,
    @JsonProperty("aborted") ABORTED,
    @JsonProperty("invalid") INVALID
}
